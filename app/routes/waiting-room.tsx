import { type HeadersFunction, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { hasRoom, safeNext } from '~/lib/admission.server';
import { localizedPath, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import { pageTitle } from '~/lib/page-title';

/** Seconds between tries: the page reloads itself (a meta refresh without JavaScript, a countdown with it). */
export const RETRY_SECONDS = 5;

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('waiting.title')) },
  { name: 'robots', content: 'noindex' },
];

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store', 'Retry-After': String(RETRY_SECONDS) });

/**
 * The waiting room of a rush: shown when the shop could not take an add to cart or a checkout at
 * once. Each reload asks again; once there is room the shopper goes back to where they were, with
 * their cart as they left it, to press the button again.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  // The first view always shows the page (the shopper should read why); a reload with room goes back.
  if (url.searchParams.has('try') && hasRoom()) throw redirect(next, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  return json(
    {
      next,
      again: localizedPath(`/waiting-room?next=${encodeURIComponent(next)}&try=1`, context.locale),
      i18n: i18nData(context, 'pages'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function WaitingRoom() {
  const { next, again } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { t } = useI18n();
  const [left, setLeft] = useState(RETRY_SECONDS);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) window.location.replace(again);
  }, [left, again]);
  return (
    <section className="waiting-room" aria-labelledby="waiting-heading">
      {/* Without JavaScript the page comes back on its own through this address. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${RETRY_SECONDS};url=${again}`} />
      </noscript>
      <h1 id="waiting-heading">{t('waiting.title')}</h1>
      <p>{t('waiting.text')}</p>
      <p role="status">
        {hydrated
          ? left > 0
            ? t('waiting.retryIn', { seconds: left })
            : t('waiting.retrying')
          : t('waiting.retryEvery', { seconds: RETRY_SECONDS })}
      </p>
      <p>
        <a href={again} className="button">
          {t('waiting.tryNow')}
        </a>{' '}
        <Link to={next} className="button button--ghost">
          {t('waiting.back')}
        </Link>
      </p>
    </section>
  );
}
