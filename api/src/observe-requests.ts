import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';

import { REQUEST_ID_HEADER, requestIdFrom } from '@contract/request-id';

import type { AppDeps, AppEnv } from './deps.js';

/** The label of a request no route took (only the app-wide middleware matched it). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Around every request: its id (the storefront's, when it is safe to repeat, else a new one), answered
 * in X-Request-Id; one JSON log line; and, when the operator's metrics are on, its count and time under
 * the route pattern Hono matched, so ids in URLs never become labels.
 */
export function observeRequests(deps: Pick<AppDeps, 'log' | 'metrics'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', requestId);
    await next();
    const ms = performance.now() - started;
    try {
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // An answer with immutable headers (a fetched or redirect Response): answer a copy.
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set(REQUEST_ID_HEADER, requestId);
    }
    const status = c.res.status;
    deps.log.request({
      time: new Date().toISOString(),
      level: status >= 500 ? 'error' : 'info',
      msg: 'request',
      request_id: requestId,
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round(ms * 10) / 10,
    });
    if (deps.metrics) {
      // The route the request was routed to, even when a middleware (a size limit, a guard) answered first.
      const route = routePath(c, -1);
      deps.metrics.request(route === '/*' ? UNMATCHED_ROUTE : route, c.req.method, status, ms / 1000);
    }
  };
}
