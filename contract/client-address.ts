import { z } from 'zod';

/** TRUSTED_PROXIES as either program reads it: comma-separated IP addresses, empty for none. */
export const trustedProxiesSchema = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().ip({ message: 'must list IP addresses' })));

/** Peers on this machine: a proxy or the storefront beside the program. */
const LOOPBACK = new Set(['127.0.0.1', '::1']);
// Digits, hex, dots and colons: the characters of an IPv4 or IPv6 address.
const ADDRESS = /^[0-9a-f.:]{2,45}$/i;

/** An IPv4 address as IPv6 sockets report it (::ffff:10.0.0.5) is the same address. */
export const plainAddress = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * Who sent a request. Starting at the socket's peer, each hop that is a trusted proxy (this
 * machine, or one listed) hands over to the address it added on the right of X-Forwarded-For; the
 * first hop not trusted is the client. What stands left of it was written by the client itself
 * and is never believed, so rotating the header changes nothing.
 */
export function clientAddress(peer: string, forwardedFor: string | null | undefined, trustedProxies: readonly string[] = []): string {
  const hops = (forwardedFor ?? '').split(',').map(plainAddress).filter(Boolean);
  let current = plainAddress(peer);
  const trusted = (address: string) => LOOPBACK.has(address) || trustedProxies.includes(address);
  while (trusted(current) && hops.length > 0) {
    const next = hops.pop()!;
    // A trusted proxy that forwards something other than an address: stop at the proxy.
    if (!ADDRESS.test(next)) break;
    current = next;
  }
  return current;
}
