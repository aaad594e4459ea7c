import { json, type ActionFunctionArgs, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ProductCardData } from '~/components/product-card';
import { ProductListing } from '~/components/product-listing';
import { ProductLoading } from '~/components/product-loading';
import { Toast } from '~/components/toast';
import { ApiRequestError, cachedProductList, upstreamStatus } from '~/lib/api.server';
import { visitorApi } from '~/lib/shop-api.server';
import { getOptionalUser } from '~/lib/auth.server';
import { BRAND } from '@contract/brand';
import { homeHero, sortByLaunch, toProductCard, type HomeHero as Hero } from '~/lib/catalogue';
import { HomeHero } from '~/components/home-hero';
import { getEnv } from '~/lib/env.server';
import { MESSAGES } from '~/lib/messages';
import { cachingHeaders, shareablePageHeaders, SHARED_PAGE_SECONDS } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';
import { takeFlash } from '~/lib/session.server';
import { handleWishlistPost, wishlistedIds } from '~/lib/wishlist.server';
import catalogueStyles from '~/styles/catalogue.css';
import { readFormData } from '~/lib/form-data.server';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

const DESCRIPTION = `${BRAND.name}: ${BRAND.tagline}. Tees, padded pieces and jorts, priced in euros.`;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const image = data?.products.find((p) => p.image)?.image?.src;
  return [
    { title: pageTitle('Shop') },
    { name: 'description', content: DESCRIPTION },
    ...(data?.canonical ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }, { property: 'og:url', content: data.canonical }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: BRAND.name },
    { property: 'og:title', content: pageTitle('Shop') },
    { property: 'og:description', content: DESCRIPTION },
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
};

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const url = new URL(request.url);
  const api = visitorApi(request);
  const [user, { flash, headers: flashHeaders }] = await Promise.all([getOptionalUser(request), takeFlash(request)]);
  // What the shopper waits for is personal: such pages are never shared by caches.
  const personal = Boolean(user || flash || url.searchParams.has('notified'));
  const canonical = `${url.origin}/`;
  try {
    const [items, wishlisted] = await Promise.all([cachedProductList(api), wishlistedIds(api, user, url)]);
    // The page changes at the next drop's launch: the page cache keeps it no longer.
    const nextLaunch = Math.min(...items.filter((item) => item.coming_soon).map((item) => Date.parse(item.launch_date)));
    const seconds = Number.isFinite(nextLaunch) ? Math.max(1, Math.min(SHARED_PAGE_SECONDS, Math.floor((nextLaunch - Date.now()) / 1000))) : SHARED_PAGE_SECONDS;
    const caching = personal ? { 'Cache-Control': 'private, no-store' } : shareablePageHeaders(seconds);
    const byLaunch = sortByLaunch(items);
    const products = byLaunch.map((item) => toProductCard(item, env.STORAGE_URL));
    const hero = homeHero(byLaunch, env.STORAGE_URL);
    return json(
      { products, hero, error: null, wishlisted, userEmail: user?.email ?? null, flash, canonical },
      { headers: { ...flashHeaders, ...caching } },
    );
  } catch (error) {
    if (!(error instanceof ApiRequestError)) console.error(error);
    const message = error instanceof ApiRequestError ? error.message : MESSAGES.somethingWentWrong;
    return json(
      { products: [] as ProductCardData[], hero: null as Hero | null, error: message, wishlisted: [] as string[], userEmail: user?.email ?? null, flash, canonical },
      { status: upstreamStatus(error), headers: { ...flashHeaders, 'Cache-Control': 'no-store' } },
    );
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  if (formData.get('intent') === 'notify') return handleWishlistPost(request, formData);
  return json({ detail: 'Unknown action' }, { status: 400 });
}

export default function Home() {
  const { products, hero, error, wishlisted, userEmail, flash } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="shop-heading" className="catalogue">
      <h1 id="shop-heading" className="page-title">
        Shop
      </h1>
      {hero ? <HomeHero hero={hero} /> : null}
      <ProductLoading />
      <Toast flash={flash} />
      <ProductListing products={products} error={error} wishlisted={wishlisted} userEmail={userEmail} />
    </section>
  );
}
