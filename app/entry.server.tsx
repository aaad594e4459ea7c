import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import type { EntryContext, HandleErrorFunction } from '@remix-run/server-runtime';
import { isbot } from 'isbot';
import type { ReactElement } from 'react';
import * as ReactDOMServer from 'react-dom/server';

import { getEnv } from './lib/env.server';
import { NonceProvider } from './lib/nonce';
import { PAGE_CACHE_FIELD } from './lib/page-cache.server';
import { createPreloadRewriter, lowPriorityModulePreloads } from './lib/preload-priority.server';
import { renderMemo, renderMemoKey } from './lib/render-memo.server';
import { isEdgeRuntime } from './lib/runtime.server';
import { applySecurityHeaders, createNonce, documentPolicy } from './lib/security-headers.server';

// A bad environment stops the server at start with a clear message, not on the first request.
// On the edge the environment arrives with the first request (docs/decisions/021-edge-target.md).
if (!isEdgeRuntime()) getEnv();

const ABORT_DELAY = 5_000;

/** Logs real failures only: a page that does not exist or a shopper who left is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};

interface RenderOptions {
  /** The whole document before the first byte (crawlers, the page cache), else the shell first. */
  waitForAll: boolean;
  onError: (error: unknown, afterShell: boolean) => void;
}

/**
 * The page as a web stream of bytes, its module preloads at low priority. The platform seam of the
 * entry: Node's build of react-dom renders into a Node stream; the edge build (workerd's `worker`
 * condition) has only `renderToReadableStream`. Both stream, and both wait for everything when asked to.
 */
export async function renderToStream(element: ReactElement, { waitForAll, onError }: RenderOptions): Promise<ReadableStream<Uint8Array>> {
  const server = ReactDOMServer as typeof ReactDOMServer & {
    renderToPipeableStream?: typeof import('react-dom/server').renderToPipeableStream;
  };
  if (typeof server.renderToPipeableStream !== 'function') {
    let shellRendered = false;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
    const stream = await server.renderToReadableStream(element, {
      signal: controller.signal,
      onError: (error) => onError(error, shellRendered),
    });
    // A page rendered whole needs no abort: a worker kept alive after its answer (waitUntil) would
    // otherwise abort a finished stream, which React reports as "This ReadableStream is closed".
    stream.allReady.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    shellRendered = true;
    if (waitForAll) await stream.allReady;
    return (stream as unknown as ReadableStream<Uint8Array>).pipeThrough(lowPriorityModulePreloads());
  }
  const { Writable } = await import('node:stream');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = server.renderToPipeableStream(element, {
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        // React writes into one Node stream whose pieces go straight into the page's web stream,
        // rewritten on the way: one web stream per page rather than three (issue #21).
        const preloads = createPreloadRewriter();
        let page!: ReadableStreamDefaultController<Uint8Array>;
        const sink = new Writable({
          // React aborts a render whose destination emits 'close', even a finished one, and ending a
          // finished stream again costs an error with its stack: the sink never emits it, and the
          // page's cancel aborts the render itself.
          emitClose: false,
          write(chunk: Uint8Array, _encoding, done) {
            for (const piece of preloads.push(chunk)) page.enqueue(piece);
            done();
          },
          final(done) {
            clearTimeout(timer);
            for (const piece of preloads.end()) page.enqueue(piece);
            page.close();
            done();
          },
        });
        // The shopper went away: React stops rendering.
        const cancel = () => {
          clearTimeout(timer);
          abort();
          sink.destroy();
        };
        resolve(new ReadableStream<Uint8Array>({ start: (controller) => void (page = controller), cancel }));
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError: (error: unknown) => onError(error, shellRendered),
    });
    // A render still going after ABORT_DELAY gives up: what is missing shows its error boundary.
    // (React calls back only after this line: its work starts on a later turn.)
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, documentPolicy(nonce));
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // A page that says nothing of caching is a shopper's own (cart, orders, profile, sign-in): no
  // browser or proxy keeps it. Shared pages say so themselves through their route's headers.
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-store');
  // The same address and data were rendered before: the same page, with this request's nonce (ADR 083).
  const memoKey = renderMemoKey(request, responseStatusCode, remixContext);
  const kept = memoKey === null ? undefined : renderMemo.lookup(memoKey, nonce);
  if (kept !== undefined) return new Response(kept, { headers: responseHeaders, status: responseStatusCode });

  // Crawlers and browsers without JavaScript get the whole document at once; others a stream. So
  // does a page the page cache or the memo may keep: what it stores must be complete for every visitor.
  const waitForAll = memoKey !== null || isbot(request.headers.get('user-agent') ?? '') || responseHeaders.has(PAGE_CACHE_FIELD);
  const body = await renderToStream(
    <NonceProvider nonce={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceProvider>,
    {
      waitForAll,
      onError(error, afterShell) {
        responseStatusCode = 500;
        // Errors after the shell are streamed into the page's error boundary; log them once here.
        if (afterShell) console.error(error);
      },
    },
  );
  if (memoKey === null) return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  const html = await new Response(body).text();
  if (responseStatusCode === 200) renderMemo.remember(memoKey, html, nonce);
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
