import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './safe-redirect';

const SHOP = 'https://shop.test';

describe('safeRedirectPath', () => {
  it('keeps paths on this site with their query and hash', () => {
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/product/Tracer%20Tee?color=BLACK#notify')).toBe('/product/Tracer%20Tee?color=BLACK#notify');
    expect(safeRedirectPath('  /about ')).toBe('/about');
    expect(safeRedirectPath('/a/../profile')).toBe('/profile');
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/.//evil.example'],
    ['/./\\evil.example'],
    ['/%2e//evil.example'],
    ['https://evil.example/'],
    ['http:evil.example'],
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['evil.example'],
    ['%2F%2Fevil.example'],
    [''],
  ])('falls back for %j', (value) => {
    expect(safeRedirectPath(value, '/fallback')).toBe('/fallback');
  });

  it('keeps encoded slashes encoded, so they stay a path on this site', () => {
    const path = safeRedirectPath('/%2F%2Fevil.example');
    expect(path).toBe('/%2F%2Fevil.example');
    expect(new URL(path, SHOP).origin).toBe(SHOP);
  });

  it('falls back for values that are not strings', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined, '/x')).toBe('/x');
    expect(safeRedirectPath(42)).toBe('/');
  });

  it('never leaves the site, whatever the input, and its answer is stable', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc
        .constantFrom('/', '//', '/\\', '\\', '/./', '/../', '%2f', '%5c', '\t', '\n', 'evil.example', ':', '@', '?', '#', 'https:')
        .chain((head) =>
          fc
            .array(fc.constantFrom('/', '\\', '.', '%2e', '%2f', '\t', '\n', '\r', ' ', 'evil.example', '@', ':', '?', '#', 'x'), {
              maxLength: 8,
            })
            .map((rest) => head + rest.join('')),
        ),
    );
    fc.assert(
      fc.property(hostile, (value) => {
        const path = safeRedirectPath(value, '/fallback');
        expect(path.startsWith('/')).toBe(true);
        expect(new URL(path, SHOP).origin).toBe(SHOP);
        // What the header carries would be read back the same way: no header injection, no second meaning.
        // eslint-disable-next-line no-control-regex -- control characters are what this checks for
        expect(path).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(safeRedirectPath(path, '/other')).toBe(path);
      }),
      { numRuns: 500 },
    );
  });
});
