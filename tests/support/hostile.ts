import fc from 'fast-check';

/** Strings that have broken web apps before: injections, encodings, odd Unicode, values that look like others. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '//evil.example',
  '/\\evil.example',
  'javascript:alert(1)',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF\uFFFE',
  '\u202Eevil',
  '😀'.repeat(20),
  'İstanbul ß ﬃ',
  ' ',
  '',
  '\r\n\t',
  'a\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '{"$ne":null}',
  '[object Object]',
  '__proto__',
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoding for text that may hold lone surrogates (which encodeURIComponent refuses). */
export const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

const huge = fc.oneof(
  fc.integer({ min: 255, max: 70_000 }).map((n) => 'A'.repeat(n)),
  fc.constantFrom(...INJECTIONS).map((s) => s.repeat(500)),
);

/** Hostile text, with `real` values of the shop mixed in so some inputs get past the first checks. */
export function hostileText(real: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...real) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: huge },
  );
}

/** Numbers at and beyond every edge: negative, zero, fractions, huge, just past the shop's limits. */
export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 120 }),
  fc.constantFrom(-1, 0, -0, 0.5, 1, 2, 99, 100, 101, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value: hostile text and numbers, booleans, null, and small arrays and objects of them (keys from `fields`). */
export function hostileJson(text: fc.Arbitrary<string>, fields: string[]): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      hostileNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...fields), tie('value'), { maxKeys: 3 }),
    ),
  })).value;
}
