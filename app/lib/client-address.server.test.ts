import { afterEach, describe, expect, it } from 'vitest';

import { PEER_HEADER, shopperAddress } from './client-address.server';

const request = (headers: Record<string, string>) => new Request('http://shop.test/', { headers });

describe('shopperAddress', () => {
  afterEach(() => {
    delete process.env.TRUSTED_PROXIES;
  });

  it("is the socket's peer: a shopper's own X-Forwarded-For is not believed", () => {
    expect(shopperAddress(request({ [PEER_HEADER]: '198.51.100.4', 'X-Forwarded-For': '6.6.6.6' }))).toBe('198.51.100.4');
  });

  it('behind a proxy on this machine, or a listed one, is the right-most address the proxies added', () => {
    expect(shopperAddress(request({ [PEER_HEADER]: '::ffff:127.0.0.1', 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' }))).toBe('203.0.113.7');
    expect(shopperAddress(request({ [PEER_HEADER]: '10.0.0.2', 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' }))).toBe('10.0.0.2');
    process.env.TRUSTED_PROXIES = '10.0.0.2';
    expect(shopperAddress(request({ [PEER_HEADER]: '10.0.0.2', 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' }))).toBe('203.0.113.7');
  });

  it('is unknown for a request that did not come through the server entry', () => {
    expect(shopperAddress(request({ 'X-Forwarded-For': '6.6.6.6' }))).toBeUndefined();
  });
});
