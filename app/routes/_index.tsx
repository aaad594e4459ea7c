import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { BRAND } from '@contract/brand';

import { CatalogueFilters, type GridPage, GridPages } from '~/components/catalogue-browse';
import { HomeHero } from '~/components/home-hero';
import type { ProductCardData } from '~/components/product-card';
import { ProductLoading } from '~/components/product-loading';
import { Toast } from '~/components/toast';
import { ApiRequestError, cachedBrowse, upstreamStatus } from '~/lib/api.server';
import { apiErrorText } from '~/lib/api-errors.server';
import { getOptionalUser } from '~/lib/auth.server';
import { browseHref, canonicalBrowse, isNarrowed, readBrowseState, toCatalogueQuery } from '~/lib/browse';
import { type HomeHero as Hero, homeHero, ownerHero, toProductCard } from '~/lib/catalogue';
import { listItemIn } from '~/lib/catalogue-texts';
import { getEnv } from '~/lib/env.server';
import { readFormData } from '~/lib/form-data.server';
import { ownerHome } from '~/lib/home.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import { cachingHeaders, shareablePageHeaders, SHARED_PAGE_SECONDS } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';
import { takeFlash } from '~/lib/session.server';
import { handleWishlistPost, wishlistedIds } from '~/lib/wishlist.server';
import catalogueStyles from '~/styles/catalogue.css';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const image = data?.products.find((p) => p.image)?.image?.src;
  const { t } = metaTranslator(location, matches, data);
  const DESCRIPTION = t('home.description', { brand: BRAND.name });
  return [
    { title: pageTitle(data?.state.q ? t('home.searchTitle', { q: data.state.q }) : t('home.title')) },
    ...(data && !data.indexed ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    { name: 'description', content: DESCRIPTION },
    ...(data?.canonical
      ? [
          { tagName: 'link', rel: 'canonical', href: data.canonical },
          { property: 'og:url', content: data.canonical },
        ]
      : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:title', content: pageTitle(t('home.title')) },
    { property: 'og:description', content: DESCRIPTION },
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const url = new URL(request.url);
  const api = context.visitorApi;
  const { state, error: searchError } = readBrowseState(url.searchParams);
  const [user, { flash, headers: flashHeaders }] = await Promise.all([getOptionalUser(context), takeFlash(context)]);
  // What the shopper waits for is personal, and so is what they searched for: such pages are never shared by caches.
  const personal = Boolean(user || flash || url.searchParams.has('notified') || state.q);
  const canonicalPage = canonicalBrowse(state);
  const canonical = `${url.origin}${localizedPath(canonicalPage.href, context.locale)}`;
  const i18n = i18nData(context, 'home', 'product', 'forms');
  const common = {
    wishlisted: [] as string[],
    userEmail: user?.email ?? null,
    flash,
    canonical,
    indexed: canonicalPage.index,
    state,
    searchError,
    i18n,
  };
  try {
    const [answer, home] = await Promise.all([cachedBrowse(api, toCatalogueQuery(state)), ownerHome(api)]);
    const found = { ...answer, items: answer.items.map((item) => listItemIn(item, context.locale)) };
    // Only a sold-out or coming-soon card asks whether the shopper is waiting for it: a page without
    // one does not ask the API for their wishlist (the listing itself is usually kept in memory).
    const waitable = found.items.some((item) => !item.in_stock || item.coming_soon);
    const wishlisted = await wishlistedIds(context, waitable ? user : null, url);
    // The page changes at the next drop's launch or the scheduled hero's start: the page cache keeps it no longer.
    const nextLaunch = Math.min(
      ...found.items.filter((item) => item.coming_soon).map((item) => Date.parse(item.launch_date)),
      home.next_change_at ? Date.parse(home.next_change_at) : Infinity,
    );
    const seconds = Number.isFinite(nextLaunch)
      ? Math.max(1, Math.min(SHARED_PAGE_SECONDS, Math.floor((nextLaunch - Date.now()) / 1000)))
      : SHARED_PAGE_SECONDS;
    // '/' sends a visitor who prefers Italian to /it (root loader): its English answer varies with both.
    const caching = {
      ...(personal ? { 'Cache-Control': 'private, no-store' } : shareablePageHeaders(seconds)),
      ...(url.pathname === '/' ? { Vary: 'Accept-Language, Cookie' } : {}),
    };
    const products = found.items.map((item) => toProductCard(item, env.STORAGE_URL));
    // The owner's hero, or else the newest product, leads the shop's first page; a search or a filter goes straight to its results.
    const lead = home.hero ? ownerHero(home.hero, context.locale, env.STORAGE_URL) : null;
    const hero = found.page === 1 && !isNarrowed(state) ? (lead ?? homeHero(found.items, env.STORAGE_URL)) : null;
    const { category_names: categoryNames, ...facets } = found.facets;
    const categoryLabels = context.locale === 'it' ? (categoryNames.it ?? {}) : undefined;
    const page: GridPage = {
      page: found.page,
      pages: found.pages,
      perPage: found.per_page,
      total: found.total,
      facets: categoryLabels ? { ...facets, categoryLabels } : facets,
    };
    // What the shopper waits for may have been kept in their session (ADR 059).
    const kept = await context.commit();
    return json({ ...common, products, hero, error: null, wishlisted, page }, { headers: { ...flashHeaders, ...kept, ...caching } });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) console.error(error);
    const message = apiErrorText(error, context.locale);
    return json(
      { ...common, products: [] as ProductCardData[], hero: null as Hero | null, error: message, page: null as GridPage | null },
      { status: upstreamStatus(error), headers: { ...flashHeaders, 'Cache-Control': 'no-store' } },
    );
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get('intent') === 'notify') return handleWishlistPost(request, context, formData);
  return json({ detail: 'Unknown action' }, { status: 400 });
}

export default function Home() {
  const { products, hero, error, wishlisted, userEmail, flash, page, state, searchError } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="shop-heading" className="catalogue">
      <h1 id="shop-heading" className="page-title">
        {t('home.title')}
      </h1>
      {hero ? <HomeHero hero={hero} /> : null}
      <CatalogueFilters state={state} facets={page?.facets ?? null} total={page?.total ?? null} searchError={searchError} />
      <ProductLoading />
      <Toast flash={flash} />
      <GridPages
        key={browseHref(state)}
        state={state}
        first={products}
        page={page}
        wishlisted={wishlisted}
        userEmail={userEmail}
        error={error}
      />
    </section>
  );
}
