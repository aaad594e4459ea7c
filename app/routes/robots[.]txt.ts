import type { LoaderFunctionArgs } from '@remix-run/node';

/** Crawl the shop; keep out of the cart, account and checkout pages. */
export function loader({ request }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /cart',
    'Disallow: /profile',
    'Disallow: /orders',
    'Disallow: /checkout',
    'Disallow: /hooks/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
