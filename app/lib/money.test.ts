import { describe, expect, it } from 'vitest';
import { formatEuro, formatEuroLoose } from './money';

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
    expect(formatEuroLoose(4550)).toBe('€45.5');
  });
});
