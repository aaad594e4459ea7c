import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { PolicyPage } from '~/components/policy-page';
import { localizedPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { cachingHeaders, shareablePageHeaders } from '~/lib/page-cache.server';
import { pageTitle } from '~/lib/page-title';
import { publishedPage } from '~/lib/pages.server';

export const handle: NavigationHandle = {
  titleFrom: (data) => (data as { title?: string } | undefined)?.title,
  back: BACK_LINKS.backToShop,
};

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: pageTitle(data.title) }, ...(data.description ? [{ name: 'description', content: data.description }] : [])] : [];

/**
 * An owner's page (a size guide, the stockists) in the page's language, shared by the page cache
 * until a publish clears it. A slug the owner changed moves to the new one for good (ADR 068).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await publishedPage(context.visitorApi, params.slug ?? '', context.locale);
  if (!page) throw new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-cache' } });
  if (page.kind === 'moved' || page.builtin) throw redirect(localizedPath(page.path, context.locale), 301);
  return json(
    { title: page.title, description: page.description, markdown: page.markdown, error: null, i18n: i18nData(context, 'pages') },
    { headers: shareablePageHeaders(300) },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => cachingHeaders(loaderHeaders);

export default function ContentPage() {
  return <PolicyPage {...useLoaderData<typeof loader>()} />;
}
