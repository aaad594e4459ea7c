import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { MarketingLinkPage } from '~/components/marketing-link-page';
import { readFormData } from '~/lib/form-data.server';
import { localizedPath, metaTranslator } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import { followMarketingLink } from '~/lib/marketing.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { commitSession, redirectWithFlash } from '~/lib/session.server';

export const handle: NavigationHandle = { pageTitle: 'Marketing emails' };
export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('marketing.confirmTitle')) },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The confirm link of a marketing email (issue 39): a page that asks, and a post that acts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await context.session();
  const flash = url.searchParams.has('done') ? session.get('flash') : undefined;
  const i18n = i18nData(context.locale, 'pages');
  const result = flash ? { ok: flash.kind === 'success', message: flash.message } : null;
  const headers = flash ? { ...NO_STORE, 'Set-Cookie': await commitSession(context, session) } : NO_STORE;
  return json({ token: url.searchParams.get('token') ?? '', result, i18n }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const { ok, key } = await followMarketingLink(context, 'confirm', String(formData.get('token') ?? ''));
  return redirectWithFlash(context, `${localizedPath('/marketing/confirm', context.locale)}?done=1`, {
    kind: ok ? 'success' : 'error',
    message: serverTranslator(context.locale, 'pages')(key),
  });
}

export default function MarketingConfirm() {
  const data = useLoaderData<typeof loader>();
  return <MarketingLinkPage token={data.token} question="marketing.confirmText" button="marketing.confirm" result={data.result} />;
}
