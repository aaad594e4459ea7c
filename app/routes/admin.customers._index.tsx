import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { useCustomerLabel } from '~/components/admin/customer-label';
import { TableScroll } from '~/components/admin/table-scroll';
import { orderSearchSchema } from '~/forms/admin-search.server';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { listCustomers } from '~/lib/admin/customers.server';
import { adminI18n } from '~/lib/admin/i18n.server';
import { metaTranslator, useI18n } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminPeople.customers.title')) },
  { name: 'robots', content: 'noindex' },
];

const PER_PAGE = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const { q, page } = orderSearchSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [rows, i18n] = await Promise.all([
    listCustomers(staff, { q: q || undefined, limit: PER_PAGE + 1, offset: (page - 1) * PER_PAGE }),
    adminI18n(context, 'admin-people'),
  ]);
  return json({ customers: rows.slice(0, PER_PAGE), hasMore: rows.length > PER_PAGE, q: q ?? '', page, i18n }, { headers: ADMIN_HEADERS });
}

function pageLink(q: string, page: number): string {
  const query = new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString();
  return `/admin/customers${query ? `?${query}` : ''}`;
}

export default function AdminCustomers() {
  const { customers, hasMore, q, page } = useLoaderData<typeof loader>();
  const { locale, t } = useI18n();
  const customerLabel = useCustomerLabel();
  return (
    <section aria-labelledby="customers-heading">
      <h1 id="customers-heading">{t('adminPeople.customers.title')}</h1>
      <Form method="get" className="admin-search" role="search" aria-label={t('adminPeople.customers.find')}>
        <div className="field">
          <label htmlFor="customers-q">{t('adminPeople.customers.emailOrName')}</label>
          <input id="customers-q" name="q" type="search" defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className="button">
          {t('adminPeople.customers.search')}
        </button>
      </Form>
      {customers.length === 0 ? (
        <p role="status">{t(q ? 'adminPeople.customers.noMatch' : 'adminPeople.customers.none')}</p>
      ) : (
        <TableScroll label={t('adminPeople.customers.title')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.customers.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.customers.email')}</th>
                <th scope="col">{t('adminPeople.customers.name')}</th>
                <th scope="col">{t('adminPeople.customers.account')}</th>
                <th scope="col">{t('adminPeople.figures.orders')}</th>
                <th scope="col">{t('adminPeople.customers.spent')}</th>
                <th scope="col">{t('adminPeople.customers.lastOrder')}</th>
                <th scope="col">{t('adminPeople.customers.waitingForStock')}</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <td>
                    <Link to={`/admin/customers/${customer.id}`}>{customerLabel(customer.email)}</Link>
                  </td>
                  <td>{customer.name ?? '–'}</td>
                  <td>{t(customer.user_type === 'registered' ? 'adminPeople.customers.registered' : 'adminPeople.customers.guest')}</td>
                  <td>{customer.orders}</td>
                  <td>{formatEuro(customer.total_spent, locale)}</td>
                  <td>{customer.last_order_at ? shopClock(customer.last_order_at) : '–'}</td>
                  <td>{customer.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav aria-label={t('adminPeople.customers.pages')} className="admin-pages">
        {page > 1 ? <Link to={pageLink(q, page - 1)}>{t('adminPeople.customers.previousPage')}</Link> : null}
        {hasMore ? <Link to={pageLink(q, page + 1)}>{t('adminPeople.customers.nextPage')}</Link> : null}
      </nav>
    </section>
  );
}
