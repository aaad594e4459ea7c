/**
 * The product page's option rules (docs/product.md#product-page), as pure functions shared by the
 * loader (first render, and every reload without JavaScript) and the browser (option changes).
 */
export interface SelectableVariant {
  id: string;
  in_stock: boolean;
  attributes: { attribute_name: string; value: string; order?: number; value_description?: string | null }[];
}

export interface OptionValue {
  value: string;
  description: string | null;
}

export interface OptionGroup {
  name: string;
  values: OptionValue[];
}

/** attribute name → chosen value */
export type Selection = Record<string, string>;

const COLOUR = 'color';

function valueOf(variant: SelectableVariant, name: string): string | undefined {
  return variant.attributes.find((a) => a.attribute_name === name)?.value;
}

/** Attributes in display order (colour, treatment, material, size: their `order`), values in variant order. */
export function optionGroups(variants: SelectableVariant[]): OptionGroup[] {
  const groups = new Map<string, { order: number; first: number; values: Map<string, OptionValue> }>();
  variants.forEach((variant) => {
    for (const attribute of variant.attributes) {
      let group = groups.get(attribute.attribute_name);
      if (!group) {
        group = { order: attribute.order ?? Number.MAX_SAFE_INTEGER, first: groups.size, values: new Map() };
        groups.set(attribute.attribute_name, group);
      }
      if (!group.values.has(attribute.value)) {
        group.values.set(attribute.value, { value: attribute.value, description: attribute.value_description ?? null });
      }
    }
  });
  return [...groups.entries()]
    .sort(([, a], [, b]) => a.order - b.order || a.first - b.first)
    .map(([name, group]) => ({ name, values: [...group.values.values()] }));
}

/** The variant whose attributes are exactly the selection, if every attribute is chosen. */
export function matchVariant<V extends SelectableVariant>(variants: V[], groups: OptionGroup[], selection: Selection): V | null {
  if (!groups.every((g) => selection[g.name] !== undefined)) return null;
  return variants.find((v) => groups.every((g) => valueOf(v, g.name) === selection[g.name])) ?? null;
}

function attributesOf(variant: SelectableVariant): Selection {
  return Object.fromEntries(variant.attributes.map((a) => [a.attribute_name, a.value]));
}

/**
 * First load: each attribute from its URL parameter (upper-cased) when that value exists, else the first
 * value some in-stock variant has, else the first value. No exact match: a variant of the same colour
 * (adopting its attributes), else the first variant.
 */
export function initialSelection<V extends SelectableVariant>(
  variants: V[],
  params: URLSearchParams,
): { selection: Selection; variant: V | null } {
  const groups = optionGroups(variants);
  const selection: Selection = {};
  for (const group of groups) {
    const wanted = params.get(group.name)?.trim().toUpperCase();
    const fromUrl = wanted ? group.values.find((v) => v.value.toUpperCase() === wanted) : undefined;
    const inStock = group.values.find((v) => variants.some((variant) => variant.in_stock && valueOf(variant, group.name) === v.value));
    const chosen = fromUrl ?? inStock ?? group.values[0];
    if (chosen) selection[group.name] = chosen.value;
  }
  const exact = matchVariant(variants, groups, selection);
  if (exact) return { selection, variant: exact };
  const colour = selection[COLOUR];
  const sameColour = colour !== undefined ? variants.filter((v) => valueOf(v, COLOUR) === colour) : [];
  const fallback = sameColour.find((v) => v.in_stock) ?? sameColour[0] ?? variants[0];
  if (!fallback) return { selection, variant: null };
  return { selection: { ...selection, ...attributesOf(fallback) }, variant: fallback };
}

/**
 * Choosing a value. When it makes an in-stock combination with the other choices, that variant is
 * selected. When that combination is sold out, the other choices move to the in-stock variant with
 * this value that keeps most of them, the colour first: the rule of docs/product.md#product-page for
 * a missing variant, applied to every attribute. A value no in-stock variant has keeps the other
 * choices (and selects the sold-out variant, if there is one, for Notify Me).
 */
export function selectOption<V extends SelectableVariant>(
  variants: V[],
  selection: Selection,
  name: string,
  value: string,
): { selection: Selection; variant: V | null } {
  const next = { ...selection, [name]: value };
  const groups = optionGroups(variants);
  // Until every attribute is chosen, no variant is.
  if (!groups.every((g) => next[g.name] !== undefined)) return { selection: next, variant: null };
  const exact = matchVariant(variants, groups, next);
  if (exact?.in_stock) return { selection: next, variant: exact };
  const kept = (variant: V) =>
    groups.reduce(
      (score, group) =>
        score + (group.name !== name && valueOf(variant, group.name) === next[group.name] ? (group.name === COLOUR ? 1.5 : 1) : 0),
      0,
    );
  let best: V | null = null;
  for (const variant of variants) {
    if (!variant.in_stock || valueOf(variant, name) !== value) continue;
    if (!best || kept(variant) > kept(best)) best = variant;
  }
  if (best) return { selection: attributesOf(best), variant: best };
  return { selection: next, variant: exact };
}

/** A value is disabled only when no in-stock variant has it at all; other choices move to fit it (selectOption). */
export function isValueAvailable(variants: SelectableVariant[], name: string, value: string): boolean {
  return variants.some((variant) => variant.in_stock && valueOf(variant, name) === value);
}

/** Query string of a selection, in display order, for links and the rewritten address. */
export function selectionSearch(groups: OptionGroup[], selection: Selection, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const group of groups) if (selection[group.name] !== undefined) params.set(group.name, selection[group.name]);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}
