import { describe, expect, it } from 'vitest';

import { lowPriorityModulePreloads } from './preload-priority.server';

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/build/app.css"/></head><body><p>Café “Jorts” €120</p>' +
  '<link rel="modulepreload" href="/build/manifest.js"/><link rel="modulepreload" href="/build/entry.client.js"/>' +
  '<script>window.__remixContext = {"note":"\\u003clink rel=\\"modulepreload\\""};</script></body></html>';

/** The page through the transform, cut into chunks at every `step` bytes (multi-byte characters split too). */
async function through(step: number): Promise<string> {
  const bytes = Buffer.from(PAGE, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += step) chunks.push(bytes.subarray(at, at + step));
  return run(chunks);
}

async function run(chunks: Uint8Array[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(lowPriorityModulePreloads())).text();
}

describe('module preloads at low priority', () => {
  it.each([1, 2, 3, 7, 13, 25, 26, 64, 10_000])('marks every preload tag and changes nothing else, in chunks of %i bytes', async (step) => {
    const out = await through(step);
    expect(out).toBe(PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'));
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(out).toContain('<p>Café “Jorts” €120</p>');
    // Data that merely mentions the tag is left alone.
    expect(out).toContain('\\u003clink rel=\\"modulepreload\\"');
  });

  it('passes a page without preloads through as it is', async () => {
    expect(await run([new TextEncoder().encode('<p>plain</p>')])).toBe('<p>plain</p>');
  });
});
