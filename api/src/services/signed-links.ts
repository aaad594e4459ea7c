import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the links in emails (restore a cart, confirm or stop marketing email): the id of what
 * they name and an HMAC of it under the API's secret and the link's purpose, so they work without
 * signing in and cannot be guessed or turned to another purpose. What a link may still do (its
 * expiry, whether it was used) is the database's to say.
 */
function signature(secret: string, purpose: string, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}.${id}`).digest('base64url');
}

export function signLink(secret: string, purpose: string, id: string): string {
  return `${id}.${signature(secret, purpose, id)}`;
}

/** The id a token names when its signature holds for this purpose; null for a forged or broken one. */
export function verifyLink(secret: string, purpose: string, token: string): string | null {
  const [id, given, extra] = token.split('.');
  if (!id || !given || extra !== undefined || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const expected = Buffer.from(signature(secret, purpose, id));
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected) ? id : null;
}

export const LINK_PURPOSES = {
  restoreCart: 'cart-restore.v1',
  confirmMarketing: 'marketing-confirm.v1',
  unsubscribe: 'marketing-unsubscribe.v1',
} as const;
