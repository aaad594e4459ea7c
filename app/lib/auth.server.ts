import { getSession, type SessionUser } from './session.server';

/** The signed-in shopper (registered or guest), or null for a visitor. */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  return session.get('accessToken') ? (session.get('user') ?? null) : null;
}
