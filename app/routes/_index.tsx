import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ProductCardData } from '~/components/product-card';
import { ProductListing } from '~/components/product-listing';
import { ApiRequestError, apiClient, cachedProductList } from '~/lib/api.server';
import { BRAND } from '~/lib/brand';
import { sortByLaunch, toProductCard } from '~/lib/catalogue';
import { getEnv } from '~/lib/env.server';
import { MESSAGES } from '~/lib/messages';
import { pageTitle } from '~/lib/page-title';

export const meta: MetaFunction = () => [
  { title: pageTitle('Shop') },
  { name: 'description', content: `${BRAND.name}: ${BRAND.tagline}. Tees, padded pieces and jorts, priced in euros.` },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'no-store',
});

export async function loader(_args: LoaderFunctionArgs) {
  const env = getEnv();
  try {
    const items = await cachedProductList(apiClient());
    const products = sortByLaunch(items).map((item) => toProductCard(item, env.STORAGE_URL));
    return json({ products, error: null }, { headers: { 'Cache-Control': 'public, max-age=30, stale-while-revalidate=300' } });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) console.error(error);
    const message = error instanceof ApiRequestError ? error.message : MESSAGES.somethingWentWrong;
    return json({ products: [] as ProductCardData[], error: message }, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
}

export default function Home() {
  const { products, error } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="shop-heading">
      <h1 id="shop-heading" className="page-title">
        Shop
      </h1>
      <ProductListing products={products} error={error} />
    </section>
  );
}
