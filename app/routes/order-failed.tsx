import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';

import { requireUser } from '~/lib/auth.server';
import { localizedPath, type MessageKey, metaTranslator, useI18n } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import cartStyles from '~/styles/cart.css';

export const handle: NavigationHandle = { pageTitle: 'Order Failed' };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.orderFailed')) },
  { name: 'robots', content: 'noindex' },
];

/** Static demo content (docs/product.md#demo-pages): the error shown is a fixed sample, not a real one. */
const SAMPLE_ERROR_CODE = 'CARD_DECLINED';

const COMMON_REASONS: MessageKey[] = [
  'failed.reason1',
  'failed.reason2',
  'failed.reason3',
  'failed.reason4',
  'failed.reason5',
  'failed.reason6',
];

/** Registered shoppers only, as the route table says (docs/product.md#demo-pages, docs/product.md#roles). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  return json({ i18n: i18nData(context, 'order') }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export default function OrderFailed() {
  const { locale, t } = useI18n();
  const to = (path: string) => localizedPath(path, locale);
  return (
    <section className="order-confirmation order-failed" aria-labelledby="order-failed-title">
      <h1 id="order-failed-title">{t('failed.heading')}</h1>
      <p>{t('failed.text')}</p>
      <div className="notice notice--error" role="alert">
        <p>
          <strong>{t('failed.errorCode')}</strong> {SAMPLE_ERROR_CODE}
        </p>
        <p>{t('failed.sampleMessage')}</p>
      </div>
      <div className="button-row">
        {/* Try Again starts the checkout of the cart once more. */}
        <Form method="post" action={to('/cart')}>
          <button type="submit" name="intent" value="checkout" className="button">
            {t('failed.tryAgain')}
          </button>
        </Form>
        <Link to={to('/cart')} className="button button--ghost">
          {t('failed.viewCart')}
        </Link>
        <Link to={to('/')} className="button button--ghost">
          {t('failed.backToShopping')}
        </Link>
      </div>
      <h2>{t('failed.reasonsHeading')}</h2>
      <ul>
        {COMMON_REASONS.map((reason) => (
          <li key={reason}>{t(reason)}</li>
        ))}
      </ul>
      <h2>{t('failed.stuckHeading')}</h2>
      <p>{t('failed.stuckText')}</p>
      <p>
        <Link to={to('/contact?reason=purchase_error')} className="button button--ghost">
          {t('failed.contactSupport')}
        </Link>
      </p>
      <p>{t('failed.responseTime')}</p>
    </section>
  );
}
