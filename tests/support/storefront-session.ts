import { signIn, signInSchema } from '~/lib/auth.server';

import { contextFor } from './route-context';
import type { Shopper } from './shopper';

/** The storefront's session cookie (name=value) for a sign-in answer of the API (tokens and user). */
export async function storefrontCookie(signInAnswer: unknown): Promise<string> {
  const context = contextFor(new Request('http://shop.test/'));
  const setCookie = await signIn(context, await context.session(), signInSchema.parse(signInAnswer));
  return setCookie.split(';')[0];
}

/**
 * The Cookie header a browser sends after `response`: the cookies it had (`previous`, name=value pairs
 * joined by `; `) with those the response set put in or, when cleared, taken out. Undefined while the
 * browser holds none and had none.
 */
export function nextCookie(response: Response, previous?: string): string | undefined {
  const jar = new Map(
    (previous ?? '')
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair] as const),
  );
  const set = response.headers.getSetCookie();
  if (!set.length) return previous;
  for (const cookie of set) {
    const pair = cookie.split(';')[0];
    const cleared = /;\s*max-age=0\b/i.test(cookie) || /;\s*expires=thu, 01 jan 1970/i.test(cookie);
    if (cleared) jar.delete(pair.split('=')[0]);
    else jar.set(pair.split('=')[0], pair);
  }
  return jar.size ? [...jar.values()].join('; ') : previous === undefined ? undefined : '';
}

/** What a loader or guard threw, when it is a Response (a redirect). */
export async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

/**
 * The storefront's session cookie (name=value) for a shopper of the in-process API, signed in
 * afresh through the real login so the tokens are new whatever the test clock did before.
 */
export async function shopperCookie(s: Shopper, password = 'Sunny-Day-2026'): Promise<string> {
  const answer = await s.login(s.email!, password);
  return storefrontCookie(answer);
}

/** A GET of the storefront with that cookie. */
export function storefrontGet(path: string, cookie?: string): Request {
  return new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A form post to the storefront with that cookie. */
export function storefrontPost(path: string, cookie: string, fields: Record<string, string>): Request {
  return new Request(`http://shop.test${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}
