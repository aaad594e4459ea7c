import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiRequestError, cachedProductList, upstreamStatus } from '~/lib/api.server';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Every product page, plus the listing, for search engines. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  let items;
  try {
    items = await cachedProductList(context.visitorApi);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return new Response(`${error.message}\n`, {
      status: upstreamStatus(error),
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
    });
  }
  const names = [...new Set(items.map((item) => item.name))];
  const urls = [`${origin}/`, ...names.map((name) => `${origin}/product/${encodeURIComponent(name)}`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
