import { describe, expect, it } from 'vitest';

import { isSafeRequestId, requestIdFrom } from './request-id';

describe('request ids', () => {
  it('keeps an id a proxy sent when it is short and plain', () => {
    expect(requestIdFrom('edge-7f3a.01_b')).toBe('edge-7f3a.01_b');
    expect(requestIdFrom('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it.each([undefined, null, '', 'a'.repeat(65), 'two words', 'line\nbreak', '"quoted"', 'a,b', '<script>', ['abc']])(
    'replaces %j with a new UUID',
    (incoming) => {
      const id = requestIdFrom(incoming);
      expect(id).not.toBe(incoming);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isSafeRequestId(id)).toBe(true);
    },
  );

  it('makes a different id each time', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});
