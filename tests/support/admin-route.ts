import type { ActionFunction, LoaderFunction } from '@remix-run/node';

import { callRoute } from './route-context';

/**
 * A back-office loader or action called as a function with a GET, or a POST of `form`, and the
 * back-office cookie: its answer, or the Response it threw (a redirect, a refusal).
 */
export async function runAdminRoute(
  fn: LoaderFunction | ActionFunction,
  path: string,
  params: Record<string, string>,
  init: { form?: [string, string][]; cookie?: string } = {},
): Promise<Response> {
  const request = new Request(`http://shop.test${path}`, {
    method: init.form ? 'POST' : 'GET',
    body: init.form ? new URLSearchParams(init.form) : undefined,
    headers: init.cookie ? { Cookie: init.cookie } : {},
  });
  try {
    return (await callRoute(fn, request, params)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
