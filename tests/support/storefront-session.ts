import { signIn, signInSchema } from '~/lib/auth.server';
import { getSession } from '~/lib/session.server';

/** The storefront's session cookie (name=value) for a sign-in answer of the API (tokens and user). */
export async function storefrontCookie(signInAnswer: unknown): Promise<string> {
  const request = new Request('http://shop.test/');
  const setCookie = await signIn(request, await getSession(request), signInSchema.parse(signInAnswer));
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
