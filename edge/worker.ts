/**
 * The storefront on an edge host (Cloudflare Workers, workerd): the same Remix build as server.mjs
 * serves on Node, with the same checks around every request (ADR 013) and the page cache (ADR 015).
 * docs/decisions/021-edge-target.md says what differs between the targets and what a deployer sets.
 *
 * Bindings: ASSETS (the built files and public/, precompressed), and the storefront's variables as
 * text bindings (API_URL, PUBLIC_API_URL, SESSION_SECRET, ...), which workerd puts on process.env
 * (compatibility flag nodejs_compat) where env.server.ts validates them with the same schema.
 */
import { createRequestHandler } from '@remix-run/server-runtime';
import * as build from 'virtual:storefront-build';

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  NODE_ENV?: string;
}

/** The part of the host's execution context used here: work that outlives the answer. */
interface Execution {
  waitUntil(promise: Promise<unknown>): void;
}

const handleWithContext = createRequestHandler(build as never);
// Each request's shop context (session, API clients, request id) is made here, once, for all its loaders (ADR 045).
const handleRequest = (request: Request) => handleWithContext(request, build.getLoadContext(request));

/** Built bundles (immutable) and the files of public/, answered by the host's asset service. */
function isAsset(pathname: string): boolean {
  return pathname.startsWith(build.publicPath) || pathname === '/favicon.svg';
}

/** The page cache's view of a request (lower-case header names, path and query as sent). */
function pageRequest(request: Request) {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  // The host compresses what the worker sends: the cache answers with its plain copy.
  delete headers['accept-encoding'];
  return { method: request.method, url: url.pathname + url.search, headers };
}

/**
 * Who is at the other end, said by the host alone (a value the client sent under that name is
 * replaced), and the request's id (ADR 030), which the API client passes on.
 */
function withPeer(request: Request, requestId: string): Request {
  const headers = new Headers(request.headers);
  headers.set(build.PEER_HEADER, request.headers.get('CF-Connecting-IP') ?? '');
  headers.set(build.REQUEST_ID_HEADER, requestId);
  return new Request(request, { headers });
}

/**
 * The answer with the request's id on it, and `Vary: Accept-Encoding`: the host compresses what the
 * worker sends when the client asks for it, so a shared cache must keep one copy per encoding, as
 * server.mjs says on Node. On a copy when the headers are immutable.
 */
function finished(response: Response, requestId: string): Response {
  const vary = response.headers.get('Vary');
  const varyOn = vary && /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? vary : vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  try {
    response.headers.set(build.REQUEST_ID_HEADER, requestId);
    response.headers.set('Vary', varyOn);
    return response;
  } catch {
    const answer = new Response(response.body, response);
    answer.headers.set(build.REQUEST_ID_HEADER, requestId);
    answer.headers.set('Vary', varyOn);
    return answer;
  }
}

/**
 * The funnel's product views (ADR 056), by the rule server.mjs applies on Node: a product page
 * answered 200 to a GET that is not a prefetch, from the page cache too. A worker's timers end with
 * the request that set them, so the request that starts a batch is kept alive until it is sent.
 */
function countView(request: Request, response: Response, ctx: Execution | undefined): Response {
  const purpose = `${request.headers.get('Sec-Purpose') ?? ''}${request.headers.get('Purpose') ?? ''}`;
  const path = new URL(request.url).pathname;
  const sent = build.noteProductView({ method: request.method, path, purpose, status: response.status });
  if (sent) ctx?.waitUntil(sent);
  return response;
}

export default {
  async fetch(incoming: Request, env: Env, ctx?: Execution): Promise<Response> {
    const url = new URL(incoming.url);
    const requestId = build.requestIdFrom(incoming.headers.get(build.REQUEST_ID_HEADER));
    if (isAsset(url.pathname)) {
      const asset = await env.ASSETS.fetch(incoming);
      // A precompressed file goes out as it is: workerd would compress it once more otherwise.
      const init = {
        status: asset.status,
        statusText: asset.statusText,
        headers: asset.headers,
        encodeBody: asset.headers.has('Content-Encoding') ? 'manual' : 'automatic',
      };
      return finished(build.withSecurityHeaders(new Response(asset.body, init as ResponseInit)), requestId);
    }
    const request = withPeer(incoming, requestId);
    const page = pageRequest(request);
    const stored = build.pageCache.lookup(page);
    if (stored) {
      // The host may compress the page on the way out: the plain copy's length is not the one sent.
      const headers = new Headers(stored.headers);
      headers.delete('Content-Length');
      const answer = new Response(request.method === 'HEAD' ? null : stored.body, { status: stored.status, headers });
      return countView(request, finished(answer, requestId), ctx);
    }
    const response = build.refuseCrossSiteRequest(request) ?? (await handleRequest(request));
    return countView(request, finished(await build.pageCache.remember(page, build.withSecurityHeaders(response)), requestId), ctx);
  },
};
