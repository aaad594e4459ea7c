import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { restoreAnswerSchema } from '@contract/api/insights';

import { ApiRequestError } from '~/lib/api.server';
import { forgetCartCount } from '~/lib/cart.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';

export const handle: NavigationHandle = { pageTitle: 'Your cart' };
export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('restore.title')) },
  { name: 'robots', content: 'noindex' },
];

/**
 * A cart reminder's link (issue 41): the reminded cart's items go into this browser's cart, on any
 * device, signed in or not, and the shopper lands on the cart with a note of what came back. A
 * broken or expired link says so here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const t = serverTranslator(context.locale, 'pages');
  const { api, session, commit, markChanged } = await context.shopApi();
  try {
    const answer = await api.request('POST', 'cart/restore', restoreAnswerSchema, { body: { token } });
    const message = [
      t('restore.done', { count: answer.restored }),
      ...(answer.sold_out ? [t('restore.soldOut', { count: answer.sold_out })] : []),
    ].join(' ');
    session.flash('flash', { kind: 'success', message });
    forgetCartCount(session);
    markChanged();
    return redirect(localizedPath('/cart', context.locale), { status: 303, headers: await commit() });
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
    const message = t(error.code === 'link_expired' ? 'restore.expired' : 'restore.invalid');
    return json(
      { message, i18n: i18nData(context, 'pages') },
      { status: error.code === 'link_expired' ? 410 : 404, headers: { ...(await commit()), 'Cache-Control': 'private, no-store' } },
    );
  }
}

export default function RestoreCart() {
  const data = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  return (
    <section className="error-page" aria-labelledby="restore-title">
      <h1 id="restore-title">{t('restore.title')}</h1>
      <p role="alert">{data.message}</p>
      <p>
        <Link to={localizedPath('/cart', locale)}>{t('restore.toCart')}</Link>
      </p>
    </section>
  );
}
