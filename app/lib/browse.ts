import type { CatalogueQuery } from '@contract/api/catalogue';
import { CATALOGUE_SEARCH_MAX } from '@contract/shop-rules';

/** The shop grid's parameters in its address (issue #21): what a GET form sends and a link carries. */
export interface BrowseState {
  q?: string;
  category?: string;
  size?: string;
  colour?: string;
  inStock?: boolean;
  page?: number;
}

const text = (params: URLSearchParams, name: string, max: number) => {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, max) : undefined;
};

/**
 * The grid's state read from an address. Never an error page for a hand-edited address: a page that
 * is not a whole number is the first, an unknown filter finds nothing (and says so). A search longer
 * than the API reads is refused with a message, not cut.
 */
export function readBrowseState(params: URLSearchParams): { state: BrowseState; error: string | null } {
  const q = params.get('q')?.trim() || undefined;
  const page = Number(params.get('page'));
  const state: BrowseState = {
    q: q && q.length <= CATALOGUE_SEARCH_MAX ? q : undefined,
    category: text(params, 'category', 60),
    size: text(params, 'size', 30),
    colour: text(params, 'colour', 30),
    inStock: ['1', 'on', 'true'].includes(params.get('in_stock') ?? '') || undefined,
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
  };
  const error = q && q.length > CATALOGUE_SEARCH_MAX ? `Search must be at most ${CATALOGUE_SEARCH_MAX} characters` : null;
  return { state, error };
}

export function toCatalogueQuery(state: BrowseState): CatalogueQuery {
  return {
    q: state.q,
    category: state.category,
    size: state.size,
    colour: state.colour,
    in_stock: state.inStock || undefined,
    page: state.page,
  };
}

/** Whether the shopper narrowed the grid (a search or a filter), as opposed to paging through all of it. */
export function isNarrowed(state: BrowseState): boolean {
  return Boolean(state.q || state.category || state.size || state.colour || state.inStock);
}

/** The grid's address for a state: only what is set, in a fixed order, so equal states share one address. */
export function browseHref(state: BrowseState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.size) params.set('size', state.size);
  if (state.colour) params.set('colour', state.colour);
  if (state.inStock) params.set('in_stock', '1');
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/**
 * The address search engines should keep for a grid page: a category's pages are pages of their own;
 * a search, a size, a colour or 'in stock' narrow one of them and point back to it (and are not indexed).
 */
export function canonicalBrowse(state: BrowseState): { href: string; index: boolean } {
  const narrowed = Boolean(state.q || state.size || state.colour || state.inStock);
  return {
    href: browseHref(narrowed ? { category: state.category } : { category: state.category, page: state.page }),
    index: !narrowed,
  };
}

/** A colour as the shop writes it ('BLACK') as a shopper reads it ('Black'). */
export function colourLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}
