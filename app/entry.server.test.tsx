import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderToStream } from './entry.server';

const never = new Promise<never>(() => undefined);
function Waiting(): never {
  throw never;
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the page's render on Node", () => {
  afterEach(() => vi.useRealTimers());

  it('leaves no abort timer behind once a page is rendered whole', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onError = vi.fn();
    const html = await readAll(await renderToStream(<p>Hello</p>, { waitForAll: false, onError }));
    expect(html).toContain('<p>Hello</p>');
    expect(vi.getTimerCount()).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('stops rendering when the shopper goes away, and its timer with it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onError = vi.fn();
    const stream = await renderToStream(
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <Waiting />
        </Suspense>
      </main>,
      { waitForAll: false, onError },
    );
    const reader = stream.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('Loading');
    expect(vi.getTimerCount()).toBe(1);
    expect(onError).not.toHaveBeenCalled();
    await reader.cancel();
    // React was told: the boundary still waiting is given up on.
    expect(onError).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up on what is still waiting after the abort delay, and ends the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onError = vi.fn();
    const stream = await renderToStream(
      <Suspense fallback={<p>Loading</p>}>
        <Waiting />
      </Suspense>,
      { waitForAll: false, onError },
    );
    const html = readAll(stream);
    vi.advanceTimersByTime(5_000);
    expect(await html).toContain('Loading');
    expect(onError).toHaveBeenCalled();
  });
});
