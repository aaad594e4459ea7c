import type { EntryContext, HandleErrorFunction } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer, isRouteErrorResponse } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { getEnv } from './lib/env.server';
import { NonceProvider } from './lib/nonce';
import { PAGE_CACHE_FIELD } from './lib/page-cache.server';
import { lowPriorityModulePreloads } from './lib/preload-priority.server';
import { applySecurityHeaders, createNonce, documentPolicy } from './lib/security-headers.server';

// A bad environment stops the server at start with a clear message, not on the first request.
getEnv();

const ABORT_DELAY = 5_000;

/** Logs real failures only: a page that does not exist or a shopper who left is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Crawlers and browsers without JavaScript get the whole document at once; others a stream. So
  // does a page the page cache may keep: what it stores must be complete for every visitor.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || responseHeaders.has(PAGE_CACHE_FIELD);
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, documentPolicy(nonce));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = lowPriorityModulePreloads();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are streamed into the page's error boundary; log them once here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
