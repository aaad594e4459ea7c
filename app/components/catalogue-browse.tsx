import { Form, useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';

import { CATALOGUE_SEARCH_MAX } from '@contract/shop-rules';

import { browseHref, type BrowseState, colourLabel, isNarrowed } from '~/lib/browse';
import { useI18n } from '~/lib/i18n';

import type { ProductCardData } from './product-card';
import { ProductListing } from './product-listing';
import { ShopLink, useLocalizedPath } from './shop-link';

/** What the API said of the grid's page: where it is, how many match, what can be chosen. */
export interface GridPage {
  page: number;
  pages: number;
  perPage: number;
  total: number;
  facets: {
    categories: string[];
    sizes: string[];
    colours: string[];
    /** Names shown for categories in the page's language. */ categoryLabels?: Record<string, string>;
    /** The catalogue's words for a size or colour code ('Signal red' for RED). */
    value_names?: Record<string, string>;
  };
}

/**
 * Search and filters as one GET form (issue #21): it works without JavaScript, its state is the
 * address, and with JavaScript Remix fetches the new grid in place. A select or checkbox left at 'any'
 * sends an empty value, which reads as no filter.
 */
export function CatalogueFilters({
  state,
  facets,
  total,
  searchError,
}: {
  state: BrowseState;
  facets: GridPage['facets'] | null;
  total: number | null;
  searchError: string | null;
}) {
  const narrowed = isNarrowed(state);
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <Form
      method="get"
      action={localize('/')}
      role="search"
      aria-label={t('filters.label')}
      className="catalogue-filters"
      key={browseHref({ ...state, page: undefined })}
    >
      <div className="field catalogue-filters__field catalogue-filters__field--search">
        <label htmlFor="catalogue-q">{t('filters.search')}</label>
        <input
          id="catalogue-q"
          type="search"
          name="q"
          defaultValue={state.q ?? ''}
          maxLength={CATALOGUE_SEARCH_MAX}
          autoComplete="off"
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? 'catalogue-q-error' : undefined}
        />
        {searchError ? (
          <p id="catalogue-q-error" className="field__error" role="alert">
            {searchError}
          </p>
        ) : null}
      </div>
      {facets ? (
        <>
          <Choice
            id="catalogue-category"
            name="category"
            label={t('filters.category')}
            any={t('filters.anyCategory')}
            value={state.category}
            options={facets.categories}
            label-of={(option) => facets.categoryLabels?.[option] || option}
          />
          <Choice
            id="catalogue-size"
            name="size"
            label={t('filters.size')}
            any={t('filters.anySize')}
            value={state.size}
            options={facets.sizes}
            label-of={(option) => facets.value_names?.[option] || option}
          />
          <Choice
            id="catalogue-colour"
            name="colour"
            label={t('filters.colour')}
            any={t('filters.anyColour')}
            value={state.colour}
            options={facets.colours}
            label-of={(option) => facets.value_names?.[option] || colourLabel(option)}
          />
          <div className="catalogue-filters__field catalogue-filters__field--check">
            <input id="catalogue-in-stock" type="checkbox" name="in_stock" value="1" defaultChecked={state.inStock} />
            <label htmlFor="catalogue-in-stock">{t('filters.inStock')}</label>
          </div>
        </>
      ) : null}
      <div className="catalogue-filters__actions">
        <button type="submit" className="button button--small">
          {t('filters.apply')}
        </button>
        {narrowed ? (
          <ShopLink to="/" className="button button--ghost button--small">
            {t('filters.clear')}
          </ShopLink>
        ) : null}
      </div>
      {narrowed && total !== null ? (
        <p className="catalogue-filters__summary" role="status">
          {state.q ? t('filters.foundFor', { count: total, q: state.q }) : t('filters.found', { count: total })}
        </p>
      ) : null}
    </Form>
  );
}

function Choice({
  id,
  name,
  label,
  any,
  value,
  options,
  'label-of': labelOf = (option: string) => option,
}: {
  id: string;
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  options: string[];
  'label-of'?: (option: string) => string;
}) {
  // A value from the address that the shop does not offer (any more) still shows as chosen.
  const known = value === undefined || options.some((option) => option.toLowerCase() === value.toLowerCase());
  const chosen = value === undefined ? '' : (options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value);
  return (
    <div className="field catalogue-filters__field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={chosen}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
        {known ? null : <option value={chosen}>{labelOf(chosen)}</option>}
      </select>
    </div>
  );
}

type MoreData = { products: ProductCardData[]; wishlisted: string[]; page: GridPage | null; error: string | null };

/**
 * The grid and its pages. Without JavaScript 'Load more' is a link to the next page (and the pages
 * before stay a link away); with it, the next page's cards join the grid in place, focus moves to the
 * first of them, and the count is announced.
 */
export function GridPages({
  state,
  first,
  page,
  wishlisted,
  userEmail,
  error,
}: {
  state: BrowseState;
  first: ProductCardData[];
  page: GridPage | null;
  wishlisted: string[];
  userEmail: string | null;
  error: string | null;
}) {
  const fetcher = useFetcher<MoreData>();
  const { t } = useI18n();
  const localize = useLocalizedPath();
  const [more, setMore] = useState<{ products: ProductCardData[]; wishlisted: string[]; page: number }>({
    products: [],
    wishlisted: [],
    page: page?.page ?? 1,
  });
  const [failed, setFailed] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const focusKey = useRef<string | null>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data) return;
    if (data.error || !data.page) {
      setFailed(data.error ?? t('grid.loadMoreFailed'));
      return;
    }
    const loaded = data.page.page;
    setFailed(null);
    setMore((current) => {
      if (loaded <= current.page) return current;
      const known = new Set([...first, ...current.products].map((product) => product.key));
      const fresh = data.products.filter((product) => !known.has(product.key));
      focusKey.current = fresh[0]?.key ?? null;
      return { products: [...current.products, ...fresh], wishlisted: [...current.wishlisted, ...data.wishlisted], page: loaded };
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows the page's language, which a fetch does not change
  }, [fetcher.state, fetcher.data, first]);

  useEffect(() => {
    if (!focusKey.current) return;
    const link = grid.current?.querySelector<HTMLElement>(`[data-card-key="${CSS.escape(focusKey.current)}"] a`);
    focusKey.current = null;
    link?.focus();
  }, [more.products.length]);

  const products = more.products.length ? [...first, ...more.products] : first;
  const current = more.page;
  const next = page && current < page.pages ? current + 1 : null;
  const loading = fetcher.state !== 'idle';
  const shownFrom = page ? (page.page - 1) * page.perPage + 1 : 1;
  const nextHref = next ? browseHref({ ...state, page: next }) : null;

  return (
    <div ref={grid}>
      <ProductListing products={products} error={error} wishlisted={[...wishlisted, ...more.wishlisted]} userEmail={userEmail} />
      {page && page.total === 0 && isNarrowed(state) ? (
        <p className="catalogue-empty-hint">
          {t('grid.emptyHintBefore')} <ShopLink to="/">{t('grid.emptyHintLink')}</ShopLink>.
        </p>
      ) : null}
      {page && page.pages > 1 ? (
        <nav className="catalogue-pages" aria-label={t('grid.pages')}>
          <p className="catalogue-pages__status" role="status">
            {t('grid.showing', { from: shownFrom, to: shownFrom + products.length - 1, count: page.total })}
          </p>
          {page.page > 1 ? (
            <ShopLink className="button button--ghost" to={browseHref({ ...state, page: page.page - 1 })} rel="prev">
              {t('grid.previous')}
            </ShopLink>
          ) : null}
          {nextHref ? (
            <ShopLink
              className="button"
              to={nextHref}
              rel="next"
              preventScrollReset
              aria-disabled={loading || undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                // ?index: the home route's own loader, not the root's.
                if (!loading) fetcher.load(`${localize(nextHref)}${nextHref.includes('?') ? '&' : '?'}index`);
              }}
            >
              {loading ? t('grid.loading') : t('grid.loadMore')}
            </ShopLink>
          ) : null}
          {failed ? (
            <p className="notice notice--error" role="alert">
              {failed}
            </p>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
