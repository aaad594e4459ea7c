import { type IncomingMessage, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';

import { pageEncoding, writeCoalesced } from '../../server-write.mjs';

/** What a client receives, undecoded: status, headers, the raw bytes and when each piece arrived. */
type Received = { headers: Record<string, string | string[] | undefined>; raw: Buffer; pieces: { at: number; bytes: number }[] };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server whose one route writes `body()` through writeCoalesced with the encoding pageEncoding picks. */
async function serve(
  body: () => ReadableStream<Uint8Array>,
  headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' },
) {
  const app = express();
  app.get(
    '/',
    async (
      req: IncomingMessage & { acceptsEncodings(...encodings: string[]): string | false },
      res: ServerResponse & { vary(field: string): void },
    ) => {
      const response = new Response(body(), { headers });
      for (const [name, value] of response.headers) res.setHeader(name, value);
      await writeCoalesced(response.body!, res, pageEncoding(req, res));
    },
  );
  server = app.listen(0, '127.0.0.1') as Server;
  await new Promise((resolve) => server!.once('listening', resolve));
  return (server!.address() as AddressInfo).port;
}

function get(port: number, acceptEncoding?: string, onFirstData?: () => void): Promise<Received> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      { port, host: '127.0.0.1', path: '/', headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        const pieces: Received['pieces'] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) onFirstData?.();
          chunks.push(chunk);
          pieces.push({ at: performance.now() - started, bytes: chunk.length });
        });
        res.on('end', () => resolve({ headers: res.headers, raw: Buffer.concat(chunks), pieces }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const encoder = new TextEncoder();
/** A page of `count` pieces of 2 KB, as React writes them, all there at once. */
const PIECE = `<li class="card">${'Tracer Tee · €45.00 · '.repeat(90)}</li>`;
function wholePage(count = 20) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('<!DOCTYPE html><html><body><ul>'));
      for (let i = 0; i < count; i += 1) controller.enqueue(encoder.encode(PIECE));
      controller.enqueue(encoder.encode('</ul></body></html>'));
      controller.close();
    },
  });
}
const expectedPage = (count = 20) => `<!DOCTYPE html><html><body><ul>${PIECE.repeat(count)}</ul></body></html>`;

describe('writeCoalesced', () => {
  it('compresses a whole page in one piece with its length, as br or gzip as the browser accepts', async () => {
    const port = await serve(wholePage);
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const { headers, raw } = await get(port, accept);
      expect(headers['content-encoding'], accept).toBe(encoding);
      expect(headers['content-length'], accept).toBe(String(raw.length));
      expect(headers['transfer-encoding'], accept).toBeUndefined();
      expect(headers.vary, accept).toBe('Accept-Encoding');
      expect(raw.length, accept).toBeLessThan(expectedPage().length / 4);
      expect(decode(raw).toString(), accept).toBe(expectedPage());
    }
  });

  it('sends the page as it is when no encoding is accepted, and a small answer uncompressed', async () => {
    const port = await serve(wholePage);
    const plain = await get(port);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString()).toBe(expectedPage());
    const identity = await get(port, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.raw.toString()).toBe(expectedPage());

    server!.close();
    const small = await serve(() => wholePage(0));
    const tiny = await get(small, 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBe('Accept-Encoding');
    expect(tiny.raw.toString()).toBe(expectedPage(0));
  });

  it('leaves images, no-transform answers and encoded answers alone, and adds to an existing Vary once', async () => {
    const png = await serve(wholePage, { 'Content-Type': 'image/png' });
    expect((await get(png, 'br, gzip')).headers['content-encoding']).toBeUndefined();
    server!.close();
    const noTransform = await serve(wholePage, { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-transform' });
    expect((await get(noTransform, 'br, gzip')).headers['content-encoding']).toBeUndefined();
    server!.close();
    const varied = await serve(wholePage, { 'Content-Type': 'text/csv', Vary: 'Cookie' });
    const csv = await get(varied, 'gzip');
    expect(csv.headers['content-encoding']).toBe('gzip');
    expect(csv.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(gunzipSync(csv.raw).toString()).toBe(expectedPage());

    const browser = { method: 'GET', acceptsEncodings: () => 'br' };
    /** An answer's headers as Express's response gives them. */
    const answer = (headers: Record<string, string>) => {
      const fields = new Headers(headers);
      return { getHeader: (name: string) => fields.get(name) ?? undefined };
    };
    const html = { 'Content-Type': 'text/html' };
    expect(pageEncoding(browser, answer(html))).toBe('br');
    expect(pageEncoding(browser, answer({ ...html, 'Content-Encoding': 'gzip' }))).toBeUndefined();
    expect(pageEncoding({ ...browser, method: 'HEAD' }, answer(html))).toBeUndefined();
  });

  it('streams a page with a part still loading: what is there reaches the browser before the rest, compressed', async () => {
    /** Opens the rest of the page that is being served. */
    let openGate = () => {};
    const port = await serve(
      () =>
        new ReadableStream<Uint8Array>({
          async start(controller) {
            const gate = new Promise<void>((resolve) => (openGate = resolve));
            controller.enqueue(encoder.encode('<!DOCTYPE html><html><body><ul>'));
            for (let i = 0; i < 10; i += 1) controller.enqueue(encoder.encode(PIECE));
            await gate;
            for (let i = 0; i < 10; i += 1) controller.enqueue(encoder.encode(PIECE));
            controller.enqueue(encoder.encode('</ul></body></html>'));
            controller.close();
          },
        }),
    );
    for (const [accept, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      [undefined, (bytes: Buffer) => bytes],
    ] as const) {
      // The rest is let through only once the first part has reached the client: held back, this waits forever.
      const { headers, raw, pieces } = await get(port, accept, () => openGate());
      expect(headers['content-encoding'], accept).toBe(accept);
      expect(headers['content-length'], accept).toBeUndefined();
      expect(pieces.length, accept).toBeGreaterThan(1);
      expect(decode(raw).toString(), accept).toBe(expectedPage());
    }
  });
});
