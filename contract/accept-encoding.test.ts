import { describe, expect, it } from 'vitest';

import { acceptedEncoding } from './accept-encoding';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', ['gzip'], 'gzip'],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', ['gzip'], 'gzip'],
    [' GZIP ; q=0.5', ['gzip'], 'gzip'],
    ['x-gzip', ['gzip'], 'gzip'],
    ['gzip;q=0', ['gzip'], null],
    ['*', ['gzip'], 'gzip'],
    ['*;q=0', ['gzip'], null],
    ['gzip;q=0, *', ['gzip'], null],
    ['br, deflate', ['gzip'], null],
    ['identity', ['gzip'], null],
    ['', ['gzip'], null],
    [null, ['br', 'gzip'], null],
    // Browsers: both named, no weights; the server's order decides.
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['br, gzip', ['br', 'gzip'], 'br'],
    // The client's weights come first.
    ['br;q=0.5, gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0, *', ['br', 'gzip'], 'gzip'],
    ['gzip;q=0.9, *;q=0.95', ['br', 'gzip'], 'br'],
    ['deflate', ['br', 'gzip'], null],
    ['br;q=abc, gzip;q=0', ['br', 'gzip'], null],
  ] as const)('Accept-Encoding %j, offering %j: %j', (header, offers, expected) => {
    expect(acceptedEncoding(header, offers)).toBe(expected);
  });
});
