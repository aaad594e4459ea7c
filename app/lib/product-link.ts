/** Options a variant listing's link carries, read from its short description (docs/product.md#catalogue). */
const LINK_OPTIONS: { param: string; values: string[] }[] = [
  { param: 'color', values: ['BLACK', 'RED', 'BEIGE', 'GREY'] },
  { param: 'size', values: ['L/XL', 'S/M'] },
  { param: 'material', values: ['COTTON'] },
  { param: 'treatment', values: ['PLAIN'] },
];

export function listingOptions(shortDescription: string): Record<string, string> {
  const text = shortDescription.toUpperCase();
  const options: Record<string, string> = {};
  for (const { param, values } of LINK_OPTIONS) {
    const found = values.find((value) => new RegExp(`(^|[^A-Z/])${value.replace('/', '\\/')}($|[^A-Z/])`).test(text));
    if (found) options[param] = found;
  }
  return options;
}

/**
 * /product/{URL-encoded name}. A name taken from a request may hold a lone surrogate, which
 * encodeURIComponent refuses with an exception: it is written as U+FFFD, a page that does not exist.
 */
export function productPath(name: string): string {
  return `/product/${encodeURIComponent(name.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'))}`;
}

/** /product/{URL-encoded name}, with the listing's options as query parameters for variant listings. */
export function productHref(item: { name: string; is_variant_listing: boolean; short_description: string }): string {
  const path = productPath(item.name);
  if (!item.is_variant_listing) return path;
  const query = new URLSearchParams(listingOptions(item.short_description)).toString();
  return query ? `${path}?${query}` : path;
}
