import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';

import { ApiRequestError, failureStatus } from '~/lib/api.server';
import { apiErrorText } from '~/lib/api-errors.server';
import { readFormData } from '~/lib/form-data.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { commitSession, redirectWithFlash } from '~/lib/session.server';
import { forgetKeptWishlist, wishlistUnsubscribe } from '~/lib/wishlist.server';

export const handle: NavigationHandle = { pageTitle: 'Back-in-stock email' };
export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('unsubscribe.title')) },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * The link of a Notify Me confirmation email: it names the request and asks before stopping it
 * (a mail scanner following the link changes nothing). Works without signing in and without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await context.session();
  const done = session.get('flash');
  const i18n = i18nData(context, 'pages');
  if (url.searchParams.has('done') && done) {
    return json(
      { state: 'done' as const, message: done.message, token: null, item: null, launching: false, i18n },
      { headers: { ...NO_STORE, 'Set-Cookie': await commitSession(context, session) } },
    );
  }
  const token = url.searchParams.get('token') ?? '';
  try {
    const { item, launches_at } = await wishlistUnsubscribe(context, 'GET', token);
    return json({ state: 'confirm' as const, message: null, token, item, launching: Boolean(launches_at), i18n }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const status = error.status === 404 || error.status === 422 ? 404 : failureStatus(error);
    const message =
      status === 404 ? serverTranslator(context.locale, 'pages')('unsubscribe.linkInvalid') : apiErrorText(error, context.locale);
    return json({ state: 'invalid' as const, message, token: null, item: null, launching: false, i18n }, { status, headers: NO_STORE });
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const token = String(formData.get('token') ?? '');
  const page = localizedPath('/wishlist/unsubscribe', context.locale);
  try {
    const { item } = await wishlistUnsubscribe(context, 'POST', token);
    // Stopped in this browser: a wishlist its session kept is asked again on the next page.
    await forgetKeptWishlist(context);
    const t = serverTranslator(context.locale, 'pages');
    return redirectWithFlash(context, `${page}?done=1`, { kind: 'success', message: t('unsubscribe.done', { item }) });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    // A link used twice, or broken: the page says so.
    return redirect(`${page}?token=${encodeURIComponent(token)}`, 303);
  }
}

export default function WishlistUnsubscribe() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state === 'submitting';
  const { t, locale } = useI18n();
  return (
    <section className="error-page" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {data.state === 'confirm' ? (
        <>
          <p>{t(data.launching ? 'unsubscribe.confirmLaunch' : 'unsubscribe.confirmStock', { item: data.item ?? '' })}</p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={data.token ?? ''} />
            <button type="submit" className="button" disabled={busy}>
              {t('unsubscribe.stop')}
            </button>
          </Form>
        </>
      ) : (
        <p role={data.state === 'done' ? 'status' : 'alert'}>{data.message}</p>
      )}
      <p>
        <Link to={localizedPath('/', locale)}>{t('unsubscribe.backToShop')}</Link>
      </p>
    </section>
  );
}
