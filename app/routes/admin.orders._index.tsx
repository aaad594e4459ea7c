import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { OrderFilterForm } from '~/components/admin/order-filters';
import { OrdersTable } from '~/components/admin/orders-table';
import { PackingSlipsForm } from '~/components/admin/packing-slips-form';
import { adminI18n } from '~/lib/admin/i18n.server';
import { listOrders, readOrderFilters } from '~/lib/admin/orders.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminOrders.title')) },
  { name: 'robots', content: 'noindex' },
];

const PER_PAGE = 25;
/** The packing slips' form: the table's checkboxes belong to it (`form` attribute), wherever they sit. */
const SLIPS_FORM = 'packing-slips';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const { search, typed, filters, dayErrors, params } = readOrderFilters(new URL(request.url));
  // One more than a page tells whether there is a next one.
  const rows = await listOrders(staff, filters, { limit: PER_PAGE + 1, offset: (search.page - 1) * PER_PAGE });
  const { notice, headers } = await takeNotice(context);
  return json(
    {
      orders: rows.slice(0, PER_PAGE),
      hasMore: rows.length > PER_PAGE,
      q: search.q ?? '',
      status: search.status ?? '',
      typed,
      dayErrors: { from: dayErrors.from?.[0] ?? null, to: dayErrors.to?.[0] ?? null },
      filters: params.toString(),
      page: search.page,
      notice,
      i18n: await adminI18n(context, 'admin-orders'),
    },
    { headers },
  );
}

function pageLink(filters: string, page: number): string {
  const params = new URLSearchParams(filters);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/orders${query ? `?${query}` : ''}`;
}

export default function AdminOrders() {
  const { orders, hasMore, q, status, typed, dayErrors, filters, page, notice } = useLoaderData<typeof loader>();
  const { t, fm } = useI18n();
  const problems = [
    dayErrors.from && t('adminOrders.datesNotUsed.from', { error: fm(dayErrors.from) }),
    dayErrors.to && t('adminOrders.datesNotUsed.to', { error: fm(dayErrors.to) }),
  ];
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading">{t('adminOrders.title')}</h1>
      <div role="status">{notice ? <p className="notice">{notice}</p> : null}</div>
      <OrderFilterForm q={q} status={status} typed={typed} dayErrors={dayErrors} />
      {dayErrors.from || dayErrors.to ? (
        <p className="notice notice--error" role="alert">
          {t('adminOrders.datesNotUsed', { problems: problems.filter(Boolean).join('; ') })}
        </p>
      ) : null}
      <p>
        <a href={`/admin/orders.csv${filters ? `?${filters}` : ''}`} download>
          {t('adminOrders.exportCsv')}
        </a>{' '}
        <Link to="/admin/orders/shipments">{t('adminOrders.shipFromCsv')}</Link>
      </p>
      <PackingSlipsForm id={SLIPS_FORM} filters={filters} />
      {orders.length === 0 ? (
        <p role="status">{filters ? t('adminOrders.noMatch') : t('adminOrders.none')}</p>
      ) : (
        <OrdersTable
          orders={orders}
          caption={page > 1 ? t('adminOrders.captionPage', { page }) : t('adminOrders.caption')}
          withBuyer
          selectFor={SLIPS_FORM}
        />
      )}
      <nav aria-label={t('adminOrders.pages')} className="admin-pages">
        {page > 1 ? <Link to={pageLink(filters, page - 1)}>{t('adminOrders.newer')}</Link> : null}
        {hasMore ? <Link to={pageLink(filters, page + 1)}>{t('adminOrders.older')}</Link> : null}
      </nav>
    </section>
  );
}
