import { signIn, signInSchema } from '~/lib/auth.server';

import { contextFor } from './route-context';
import type { Shopper } from './shopper';

/** The storefront's session cookie (name=value) for a sign-in answer of the API (tokens and user). */
export async function storefrontCookie(signInAnswer: unknown): Promise<string> {
  const context = contextFor(new Request('http://shop.test/'));
  const setCookie = await signIn(context, await context.session(), signInSchema.parse(signInAnswer));
  return setCookie.split(';')[0];
}

/** The session cookie a response set, or the one the request had when it set none. */
export function nextCookie(response: Response, previous?: string): string | undefined {
  return response.headers.get('Set-Cookie')?.split(';')[0] ?? previous;
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
