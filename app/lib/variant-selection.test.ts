import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CATALOGUE } from '../../api/src/seed/catalogue-data';
import { createTestApi, type TestApi } from '../../tests/support/test-api';
import { initialSelection, isValueAvailable, matchVariant, optionGroups, type SelectableVariant, selectOption } from './variant-selection';

type Variant = SelectableVariant & { sku: string };
const products = new Map<string, Variant[]>();
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi();
  for (const { name } of CATALOGUE) {
    const res = await api.app.request(`/api/products/details?product_name=${encodeURIComponent(name)}`);
    products.set(name, (await res.json()).variants);
  }
});
afterAll(() => api.cleanup());

const attrs = (v: SelectableVariant) => Object.fromEntries(v.attributes.map((a) => [a.attribute_name, a.value]));
const randomCase = (text: string, flips: boolean[]) =>
  [...text].map((ch, i) => (flips[i % Math.max(1, flips.length)] ? ch.toLowerCase() : ch)).join('');

describe('option groups', () => {
  it('orders attributes colour, treatment, material, size', () => {
    for (const variants of products.values()) {
      expect(optionGroups(variants).map((g) => g.name)).toEqual(['color', 'treatment', 'material', 'size']);
    }
    expect(optionGroups(products.get('Tracer Tee')!)[0].values.map((v) => v.value)).toEqual(['BLACK', 'RED', 'BEIGE', 'GREY']);
  });
});

describe('initial selection from the URL', () => {
  it('selects exactly the variant named by valid parameters, whatever their case', () => {
    const cases = [...products.entries()].flatMap(([name, variants]) => variants.map((v) => [name, v] as const));
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), ([name, variant], flips) => {
        const params = new URLSearchParams(Object.entries(attrs(variant)).map(([k, v]) => [k, randomCase(v, flips)]));
        const result = initialSelection(products.get(name)!, params);
        expect(result.variant?.id).toBe(variant.id);
        expect(result.selection).toEqual(attrs(variant));
      }),
    );
  });

  it('falls back as specified for any parameters: first in-stock value, same colour, else first variant', () => {
    const names = [...products.keys()];
    const anyValue = fc.oneof(
      fc.constantFrom('BLACK', 'red', 'Beige', 'GREY', 'S/M', 'l/xl', 'COTTON', 'PLAIN', 'PURPLE', 'XXL', ''),
      fc.string(),
    );
    const paramSet = fc.record({ color: anyValue, size: anyValue, material: anyValue, treatment: anyValue }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.constantFrom(...names), paramSet, (name, raw) => {
        const variants = products.get(name)!;
        const groups = optionGroups(variants);
        const params = new URLSearchParams(Object.entries(raw) as [string, string][]);
        const { selection, variant } = initialSelection(variants, params);
        expect(variant).not.toBeNull();
        // The selection always describes the selected variant.
        expect(selection).toEqual(attrs(variant!));

        // What the rules ask for before falling back to a variant.
        const wanted: Record<string, string> = {};
        for (const group of groups) {
          const fromUrl = group.values.find((v) => v.value === raw[group.name as keyof typeof raw]?.trim().toUpperCase());
          const inStock = group.values.find((v) => variants.some((x) => x.in_stock && attrs(x)[group.name] === v.value));
          wanted[group.name] = (fromUrl ?? inStock ?? group.values[0]).value;
        }
        const exact = matchVariant(variants, groups, wanted);
        if (exact) expect(variant!.id).toBe(exact.id);
        else if (variants.some((v) => attrs(v).color === wanted.color)) expect(attrs(variant!).color).toBe(wanted.color);
        else expect(variant!.id).toBe(variants[0].id);
      }),
    );
  });

  it('without parameters picks the first in-stock value of each attribute, else the first value', () => {
    const tee = initialSelection(products.get('Tracer Tee')!, new URLSearchParams());
    expect(tee.selection).toEqual({ color: 'BLACK', treatment: 'PLAIN', material: 'COTTON', size: 'S/M' });
    // Sold out everywhere: the first values, and a variant that is out of stock.
    const hoodie = initialSelection(products.get('Tracer Hoodie')!, new URLSearchParams());
    expect(hoodie.variant).toMatchObject({ sku: 'TH-BLK-SM', in_stock: false });
  });

  it('keeps an out-of-stock variant named in the URL (so the page can offer the wishlist)', () => {
    const red = initialSelection(products.get('Tracer Tee')!, new URLSearchParams('color=red&size=s/m'));
    expect(red.variant).toMatchObject({ sku: 'TT-RED-SM', in_stock: false });
  });

  it('ignores invalid values and adopts a variant of the same colour when the combination is missing', () => {
    const variants = products.get('Padded Tee')!;
    const beigeOnly = variants.filter((v) => attrs(v).color !== 'BEIGE' || attrs(v).size === 'S/M');
    const result = initialSelection(beigeOnly, new URLSearchParams('color=BEIGE&size=L/XL'));
    expect(result.variant).toMatchObject({ sku: 'PT-BEI-SM' });
    expect(result.selection.size).toBe('S/M');
    const invalid = initialSelection(variants, new URLSearchParams('color=PURPLE&size=XXL'));
    expect(invalid.variant).toMatchObject({ sku: 'PT-BLK-SM' });
  });
});

describe('choosing options', () => {
  it('selects the matching variant when all attributes are chosen, and clears it when none matches', () => {
    const variants = products.get('Tracer Tee')!;
    const start = initialSelection(variants, new URLSearchParams()).selection;
    const grey = selectOption(variants, start, 'color', 'GREY');
    expect((grey.variant as Variant).sku).toBe('TT-GRY-SM');
    const missing = selectOption(variants, start, 'size', 'XXL');
    expect(missing.variant).toBeNull();
    const partial = selectOption(variants, { color: 'GREY' }, 'size', 'S/M');
    expect(partial.variant).toBeNull();
  });

  it('disables a value only when no in-stock variant has it at all', () => {
    const variants = products.get('Tracer Tee')!;
    // RED S/M is sold out, RED L/XL is not: at the default size S/M, RED can still be chosen.
    expect(isValueAvailable(variants, 'color', 'RED')).toBe(true);
    expect(isValueAvailable(variants, 'size', 'S/M')).toBe(true);
    expect(isValueAvailable(variants, 'color', 'PURPLE')).toBe(false);
    const hoodie = products.get('Tracer Hoodie')!;
    for (const group of optionGroups(hoodie))
      for (const v of group.values) expect(isValueAvailable(hoodie, group.name, v.value)).toBe(false);
  });

  it('moves the other choices to an in-stock variant when the chosen combination is sold out, keeping the colour first', () => {
    const variants = products.get('Tracer Tee')!;
    const start = initialSelection(variants, new URLSearchParams()).selection;
    expect(start).toMatchObject({ color: 'BLACK', size: 'S/M' });
    // RED at S/M is sold out: the size moves to the RED that is in stock.
    const red = selectOption(variants, start, 'color', 'RED');
    expect(red.selection).toMatchObject({ color: 'RED', size: 'L/XL' });
    expect(red.variant).toMatchObject({ sku: 'TT-RED-LXL', in_stock: true });
    // From RED L/XL, S/M is sold out in RED: the colour moves, the size stays as chosen.
    const small = selectOption(variants, red.selection, 'size', 'S/M');
    expect(small.selection.size).toBe('S/M');
    expect(small.variant?.in_stock).toBe(true);
    expect(small.selection.color).not.toBe('RED');
    // A combination in stock is taken as chosen.
    expect(selectOption(variants, red.selection, 'color', 'GREY').variant).toMatchObject({ sku: 'TT-GRY-LXL' });
    // Nothing in stock anywhere (the hoodie): the choice stands and shows the sold-out variant.
    const hoodie = products.get('Tracer Hoodie')!;
    const hoodieStart = initialSelection(hoodie, new URLSearchParams()).selection;
    const otherColour = optionGroups(hoodie)
      .find((g) => g.name === 'color')!
      .values.find((v) => v.value !== hoodieStart.color)!.value;
    const sold = selectOption(hoodie, hoodieStart, 'color', otherColour);
    expect(sold.selection).toEqual({ ...hoodieStart, color: otherColour });
    expect(sold.variant?.in_stock ?? false).toBe(false);
  });
});
