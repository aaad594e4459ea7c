import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './app.js';

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/** An IPv4 address as IPv6 sockets report it (::ffff:10.0.0.5) is the same address. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The shopper's address for rate limits. The storefront calls the API on the shopper's behalf and
 * forwards it in X-Forwarded-For; that header is believed only from a peer on this machine, or
 * from one of the TRUSTED_PROXIES (storefronts and load balancers on other machines).
 */
export function clientIp(c: Context<AppEnv>): string {
  let peer: string | undefined;
  try {
    peer = plainAddress(getConnInfo(c).remote.address ?? '');
  } catch {
    peer = undefined; // in-process requests (tests) have no socket
  }
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  const trusted = !peer || LOOPBACK.has(peer) || (c.var.deps.config.trustedProxies ?? []).includes(peer);
  return (trusted && forwarded) || peer || 'unknown';
}
