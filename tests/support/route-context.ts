import type { AppLoadContext } from '@remix-run/node';

import { createShopContext } from '~/lib/context.server';

/**
 * The shop context of a storefront request, made as server.mjs and the edge worker make it: the
 * session read from the request's cookie, clients of the API at API_URL (the real API a test file
 * started in-process), or calls through `fetch` when one is given.
 */
export function contextFor(request: Request, options: { fetch?: typeof fetch } = {}): AppLoadContext {
  return createShopContext(request, options);
}

type RouteArgs = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

/**
 * Calls a route's loader or action as Remix does: with the request, its params and the context made
 * for it. A thrown Response (a guard's redirect) comes back as the answer.
 */
export async function callRoute<T>(
  route: (args: RouteArgs) => T | Promise<T>,
  request: Request,
  params: Record<string, string | undefined> = {},
  options: { context?: AppLoadContext } = {},
): Promise<T> {
  return route({ request, params, context: options.context ?? contextFor(request) });
}

/** The session a request's cookie carries, as its context reads it (a fresh context each call). */
export function sessionFor(request: Request) {
  return contextFor(request).session();
}
