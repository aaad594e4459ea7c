import { signIn, signInSchema } from '../../app/lib/auth.server';
import { getSession } from '../../app/lib/session.server';
import type { Shopper } from './shopper';

/**
 * The storefront's session cookie (name=value) for a shopper of the in-process API, signed in
 * afresh through the real login so the tokens are new whatever the test clock did before.
 */
export async function storefrontCookie(s: Shopper, password = 'Sunny-Day-2026'): Promise<string> {
  const answer = await s.login(s.email!, password);
  const request = new Request('http://shop.test/');
  const setCookie = await signIn(request, await getSession(request), signInSchema.parse(answer));
  return setCookie.split(';')[0];
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
