import { describe, expect, it } from 'vitest';

import { CATALOGUE, imagePaths } from './catalogue-data';
import { catalogueImages } from './catalogue-images';

describe('the catalogue images, in the order a first start draws them (ADR 074)', () => {
  const images = catalogueImages();

  it('lists each image once: every colour and view of every garment, a background and a size guide each', () => {
    const views = CATALOGUE.reduce((sum, product) => sum + product.colours.length * 3, 0);
    expect(images).toHaveLength(views + 2 * CATALOGUE.length);
    expect(new Set(images.map((image) => image.path)).size).toBe(images.length);
  });

  it("puts the front views first, each product's first colour before its others", () => {
    const fronts = images.filter((image) => image.front);
    expect(images.slice(0, fronts.length)).toEqual(fronts);
    expect(fronts.slice(0, CATALOGUE.length).map((image) => image.path)).toEqual(
      CATALOGUE.map((product) => imagePaths.garment(product.kind, product.colours[0], 'front')),
    );
  });
});
