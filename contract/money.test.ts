import { describe, expect, it } from 'vitest';

import { displayAmount, displayCents, formatEuro, formatEuroLoose } from './money';

describe('formatEuro', () => {
  it.each([
    [0, '€0.00'],
    [1, '€0.01'],
    [4500, '€45.00'],
    [15001, '€150.01'],
    [123456789, '€1,234,567.89'],
  ])('%i cents is %s', (cents, text) => {
    expect(formatEuro(cents)).toBe(text);
  });

  it('drops fixed decimals on the product page form', () => {
    expect(formatEuroLoose(4500)).toBe('€45');
    // Decimals only when there are cents, and then both of them (€31.90, never €31.9).
    expect(formatEuroLoose(4550)).toBe('€45.50');
    expect(formatEuroLoose(3190)).toBe('€31.90');
    expect(formatEuroLoose(3199)).toBe('€31.99');
  });
});

describe('displayAmount (docs/product.md#constants)', () => {
  it.each([
    [4500, '€45.00'],
    [100, '€1.00'],
    [99, '€99.00'],
    [0, '€0.00'],
    [12.5, '€12.50'],
    [150.75, '€150.75'],
    ['€45.00', '€45.00'],
    [' €1,234.00 ', '€1,234.00'],
    ['4500', '€45.00'],
    ['12.5', '€12.50'],
    [null, '€0.00'],
    [undefined, '€0.00'],
    ['n/a', '€0.00'],
  ])('%s is shown as %s', (value, text) => {
    expect(displayAmount(value)).toBe(text);
  });
});

describe('displayCents (fields only this API sends: discount, refunded)', () => {
  it.each([
    [50, '€0.50'],
    [99, '€0.99'],
    [2040, '€20.40'],
    [0, '€0.00'],
    ['€3.00', '€3.00'],
    [null, '€0.00'],
  ] as const)('%s → %s', (value, expected) => {
    expect(displayCents(value)).toBe(expected);
  });
});

describe('amounts on Italian pages', () => {
  it("say the API's English euro text, and numbers, with a decimal comma", () => {
    expect(displayAmount('€1,234.50', 'it')).toBe('€1234,50');
    expect(displayAmount('€12,345.50', 'it')).toBe('€12.345,50');
    expect(displayAmount(4500, 'it')).toBe('€45,00');
    expect(displayAmount(12.5, 'it')).toBe('€12,50');
    expect(displayAmount(null, 'it')).toBe('€0,00');
    expect(displayAmount('€ about ten', 'it')).toBe('€ about ten');
    expect(displayCents(50, 'it')).toBe('€0,50');
  });
});
