import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The shopper's address for rate limits. The storefront calls the API on the shopper's behalf and
 * forwards it in X-Forwarded-For; that header is believed only from a peer on this machine.
 */
export function clientIp(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // in-process requests (tests) have no socket
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const trusted = !peer || peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return (trusted && forwarded) || peer || 'unknown';
}
