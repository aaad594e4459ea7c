import { clientAddress } from '@contract/client-address';

import { getEnv } from './env.server';

/**
 * The header through which the host's entry (server.mjs) tells the routes who is at the other end
 * of the socket. The entry always sets it, replacing anything a client sent under that name.
 */
export const PEER_HEADER = 'x-storefront-peer';

/**
 * The shopper's address, for the API's per-IP limits: the socket's peer, or behind trusted proxies
 * the right-most address they added. A client's own X-Forwarded-For is never passed on as it is.
 * Undefined when the request did not come through the host's entry (loaders called directly).
 */
export function shopperAddress(request: Request): string | undefined {
  const peer = request.headers.get(PEER_HEADER);
  if (!peer) return undefined;
  return clientAddress(peer, request.headers.get('x-forwarded-for'), getEnv().TRUSTED_PROXIES);
}
