import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';

import { RETURN_NUMBER, RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '@contract/returns';
import { shopClock } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { listReturns } from '~/lib/admin/returns.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Returns') }, { name: 'robots', content: 'noindex' }];

/** The returns at one step, newest first; a parcel's number opens its return (ADR 032). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const url = new URL(request.url);
  const typed = (url.searchParams.get('number') ?? '').trim().toUpperCase();
  if (RETURN_NUMBER.test(typed)) throw new Response(null, { status: 303, headers: { Location: `/admin/returns/${typed}` } });
  const asked = url.searchParams.get('status');
  const status: ReturnStatus = RETURN_STATUSES.find((known) => known === asked) ?? 'requested';
  const returns = await listReturns(staff, { status, limit: 200 });
  return json({ returns, status, typed, wrongNumber: typed !== '' }, { headers: ADMIN_HEADERS });
}

export default function AdminReturns() {
  const { returns, status, typed, wrongNumber } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="returns-heading">
      <h1 id="returns-heading">Returns</h1>
      <Form method="get" className="admin-search" role="search" aria-label="Find returns">
        <div className="field">
          <label htmlFor="returns-number">Return number on the parcel</label>
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
            {wrongNumber ? 'A return number looks like R-7K2M9Q' : ''}
          </p>
        </div>
        <div className="field">
          <label htmlFor="returns-status">Step</label>
          <select id="returns-status" name="status" defaultValue={status}>
            {RETURN_STATUSES.map((known) => (
              <option key={known} value={known}>
                {RETURN_STATUS_LABELS[known]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Find
        </button>
      </Form>
      {returns.length ? (
        <TableScroll label="Returns">
          <table className="admin-table">
            <caption>{RETURN_STATUS_LABELS[status]}</caption>
            <thead>
              <tr>
                <th scope="col">Return</th>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Asked for</th>
                <th scope="col">Requested (Italian time)</th>
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
                  <td>{item.kind === 'exchange' ? 'Exchange' : 'Refund'}</td>
                  <td>{shopClock(item.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p>No returns at this step.</p>
      )}
    </section>
  );
}
