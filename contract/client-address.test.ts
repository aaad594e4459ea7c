import { describe, expect, it } from 'vitest';

import { clientAddress, plainAddress } from './client-address';

describe('clientAddress', () => {
  it('is the peer when the peer is not a trusted proxy, whatever the header says', () => {
    expect(clientAddress('198.51.100.4', '203.0.113.7')).toBe('198.51.100.4');
    expect(clientAddress('198.51.100.4', undefined)).toBe('198.51.100.4');
  });

  it('takes the right-most hop that is not a trusted proxy', () => {
    // A shopper who wrote 6.6.6.6 themselves, behind a proxy on this machine that appended their real address.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.3', ['10.0.0.2', '10.0.0.3'])).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', '6.6.6.6, 203.0.113.7', [])).toBe('10.0.0.2');
  });

  it('stays on the trusted peer when there is nothing, or nothing sensible, to its left', () => {
    expect(clientAddress('127.0.0.1', '')).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', 'not an address')).toBe('127.0.0.1');
    expect(clientAddress('::ffff:127.0.0.1', '::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads an IPv4 peer reported by an IPv6 socket as the plain address', () => {
    expect(plainAddress('::ffff:10.0.0.5')).toBe('10.0.0.5');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
