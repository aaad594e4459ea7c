import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { RETURN_NUMBER, RETURN_STATUSES, type ReturnStatus } from '@contract/returns';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { RETURN_STATUS_KEYS } from '~/lib/admin/order-words';
import { listReturns } from '~/lib/admin/returns.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminOrders.returns')) },
  { name: 'robots', content: 'noindex' },
];

/** The returns at one step, newest first; a parcel's number opens its return (ADR 032). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const typed = (url.searchParams.get('number') ?? '').trim().toUpperCase();
  if (RETURN_NUMBER.test(typed)) throw new Response(null, { status: 303, headers: { Location: `/admin/returns/${typed}` } });
  const asked = url.searchParams.get('status');
  const status: ReturnStatus = RETURN_STATUSES.find((known) => known === asked) ?? 'requested';
  const returns = await listReturns(staff, { status, limit: 200 });
  const i18n = await adminI18n(context, 'admin-orders');
  return json({ returns, status, typed, wrongNumber: typed !== '', i18n }, { headers: ADMIN_HEADERS });
}

export default function AdminReturns() {
  const { returns, status, typed, wrongNumber } = useLoaderData<typeof loader>();
  const { t } = useI18n();
  return (
    <section aria-labelledby="returns-heading">
      <h1 id="returns-heading">{t('adminOrders.returns')}</h1>
      <Form method="get" className="admin-search" role="search" aria-label={t('adminOrders.returns.find')}>
        <div className="field">
          <label htmlFor="returns-number">{t('adminOrders.returns.number')}</label>
          <input
            id="returns-number"
            name="number"
            type="search"
            defaultValue={typed}
            maxLength={20}
            aria-invalid={wrongNumber || undefined}
            aria-describedby={wrongNumber ? 'returns-number-error' : undefined}
          />
          <p id="returns-number-error" className="field__error" aria-live="polite">
            {wrongNumber ? t('adminOrders.returns.numberError') : ''}
          </p>
        </div>
        <div className="field">
          <label htmlFor="returns-status">{t('adminOrders.returns.step')}</label>
          <select id="returns-status" name="status" defaultValue={status}>
            {RETURN_STATUSES.map((known) => (
              <option key={known} value={known}>
                {t(RETURN_STATUS_KEYS[known])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('adminOrders.returns.findButton')}
        </button>
      </Form>
      {returns.length ? (
        <TableScroll label={t('adminOrders.returns')}>
          <table className="admin-table">
            <caption>{t(RETURN_STATUS_KEYS[status])}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminOrders.returns.return')}</th>
                <th scope="col">{t('adminOrders.order')}</th>
                <th scope="col">{t('adminOrders.customer')}</th>
                <th scope="col">{t('adminOrders.askedFor')}</th>
                <th scope="col">{t('adminOrders.requestedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {returns.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/admin/returns/${item.number}`}>{item.number}</Link>
                  </td>
                  <td>{item.order_number}</td>
                  <td>{item.email}</td>
                  <td>{item.kind === 'exchange' ? t('adminOrders.exchange') : t('adminOrders.refund')}</td>
                  <td>{shopClock(item.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>{t('adminOrders.returns.none')}</p>
      )}
    </section>
  );
}
