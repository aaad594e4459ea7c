import { describe, expect, it } from 'vitest';

import { listingOptions, productHref, productPath } from './product-link';

describe('productHref', () => {
  it('URL-encodes the product name', () => {
    expect(productHref({ name: 'Padded Jorts', is_variant_listing: false, short_description: 'RED L/XL' })).toBe('/product/Padded%20Jorts');
    expect(productHref({ name: 'Tee & Co/2', is_variant_listing: false, short_description: '' })).toBe('/product/Tee%20%26%20Co%2F2');
  });

  it('adds the options of a variant listing', () => {
    expect(productHref({ name: 'Tracer Tee', is_variant_listing: true, short_description: 'RED L/XL · COTTON · PLAIN.' })).toBe(
      '/product/Tracer%20Tee?color=RED&size=L%2FXL&material=COTTON&treatment=PLAIN',
    );
  });

  it('adds no query when the description names no option', () => {
    expect(productHref({ name: 'Tracer Tee', is_variant_listing: true, short_description: 'Our classic.' })).toBe('/product/Tracer%20Tee');
  });
});

describe('listingOptions', () => {
  it('reads each option at most once and ignores words that only contain one', () => {
    expect(listingOptions('Grey s/m cotton, plain')).toEqual({ color: 'GREY', size: 'S/M', material: 'COTTON', treatment: 'PLAIN' });
    expect(listingOptions('BLACKOUT REDUX')).toEqual({});
  });
});

describe('productPath', () => {
  it('encodes the name, and writes a lone surrogate as U+FFFD rather than throwing', () => {
    expect(productPath('Tracer Tee')).toBe('/product/Tracer%20Tee');
    expect(productPath('a\ud800b')).toBe('/product/a%EF%BF%BDb');
    expect(productPath('\udc00')).toBe('/product/%EF%BF%BD');
    expect(productPath('😀')).toBe('/product/%F0%9F%98%80');
  });
});
