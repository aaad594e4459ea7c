/** Attribute display order of docs/product.md#constants: colour, treatment, material, then size; others after, as given. */
const ATTRIBUTE_RANK: Record<string, number> = { color: 0, colour: 0, treatment: 1, material: 2, size: 3 };

export function sortAttributes<A extends { attribute_name: string }>(attributes: readonly A[]): A[] {
  const rank = (a: A) => ATTRIBUTE_RANK[a.attribute_name.trim().toLowerCase()] ?? 4;
  return attributes
    .map((attribute, index) => ({ attribute, index }))
    .sort((a, b) => rank(a.attribute) - rank(b.attribute) || a.index - b.index)
    .map(({ attribute }) => attribute);
}
