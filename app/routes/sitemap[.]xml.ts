import type { LoaderFunctionArgs } from '@remix-run/node';

import { ApiRequestError, cachedProductList, upstreamStatus } from '~/lib/api.server';
import { LANGUAGE_TAGS, LOCALES, localizedPath } from '~/lib/i18n';
import { publishedPageList } from '~/lib/pages.server';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The shop's own pages that are not in the database: the about and contact pages. */
const FIXED_PAGES = ['/about', '/contact'];

/**
 * Every product page, the listing, the about and contact pages and every published content page (the
 * policies and the owner's own, with the day they were published), for search engines: in each
 * language, each with its alternates (ADR 046).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  let items;
  let pages;
  try {
    [items, pages] = await Promise.all([cachedProductList(context.visitorApi), publishedPageList(context.visitorApi)]);
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return new Response(`${error.message}\n`, {
      status: upstreamStatus(error),
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '60' },
    });
  }
  const names = [...new Set(items.map((item) => item.name))];
  const modified = new Map(pages.map((page) => [page.path, page.updated_at.slice(0, 10)]));
  const paths = [
    '/',
    ...names.map((name) => `/product/${encodeURIComponent(name)}`),
    ...FIXED_PAGES,
    ...pages.map((page) => page.path).filter((path) => !FIXED_PAGES.includes(path)),
  ];
  const alternates = (path: string) =>
    [
      ...LOCALES.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[locale]}" href="${escapeXml(`${origin}${localizedPath(path, locale)}`)}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${origin}${path}`)}"/>`,
    ].join('');
  const entries = LOCALES.flatMap((locale) =>
    paths.map((path) => {
      const lastmod = modified.get(path);
      return `  <url><loc>${escapeXml(`${origin}${localizedPath(path, locale)}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates(path)}</url>`;
    }),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
