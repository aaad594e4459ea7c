import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

import { clientAddress } from '@contract/client-address';

import type { AppEnv } from './deps.js';

/**
 * The shopper's address for rate limits. The storefront calls the API on the shopper's behalf and
 * adds the address it saw to X-Forwarded-For; hops are believed only from a peer on this machine or
 * one of the TRUSTED_PROXIES, and only the right-most untrusted one counts.
 */
export function clientIp(c: Context<AppEnv>): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // in-process requests (tests) have no socket: they come from this machine
  }
  return clientAddress(peer || '127.0.0.1', c.req.header('x-forwarded-for'), c.var.deps.config.trustedProxies ?? []);
}
