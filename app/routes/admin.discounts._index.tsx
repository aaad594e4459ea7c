import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { listDiscountCodes } from '~/lib/admin/discounts.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { pageTitle } from '~/lib/page-title';
import { requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Discount codes') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner') return json({ forbidden: true as const, codes: [], notice: null }, { status: 403, headers: ADMIN_HEADERS });
  const [list, { notice, headers }] = await Promise.all([listDiscountCodes(staff), takeNotice(context)]);
  return json({ forbidden: false as const, codes: list.codes, notice }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

const dates = (code: { starts_at: string | null; ends_at: string | null }) =>
  [code.starts_at ? `from ${formatLaunchTime(code.starts_at)}` : null, code.ends_at ? `until ${formatLaunchTime(code.ends_at)}` : null]
    .filter(Boolean)
    .join(', ') || 'Always';

export default function AdminDiscounts() {
  const { forbidden, codes, notice } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="discounts-heading">
      <h1 id="discounts-heading">Discount codes</h1>
      {forbidden ? (
        <p role="alert">{ADMIN_MESSAGES.discountsOwnerOnly}</p>
      ) : (
        <>
          <AdminNotice notice={notice} />
          <p>
            <Link to="/admin/discounts/new" className="button">
              New code
            </Link>
          </p>
          {codes.length === 0 ? (
            <p>No codes yet.</p>
          ) : (
            <TableScroll label="Discount codes">
              <table className="admin-table">
                <caption className="visually-hidden">Every discount code, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Takes off</th>
                    <th scope="col">Minimum</th>
                    <th scope="col">When</th>
                    <th scope="col">Uses</th>
                    <th scope="col">Limited to</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((code) => (
                    <tr key={code.id}>
                      <th scope="row">
                        <Link to={`/admin/discounts/${code.id}`}>{code.code}</Link>
                      </th>
                      <td>{code.description}</td>
                      <td>{code.min_total ? formatEuro(code.min_total) : 'None'}</td>
                      <td>{dates(code)}</td>
                      <td>
                        {code.uses}
                        {code.max_uses ? ` of ${code.max_uses}` : ''}
                        {code.max_uses_per_customer ? ` (${code.max_uses_per_customer} per customer)` : ''}
                      </td>
                      <td>
                        {code.product_ids.length || code.category_ids.length
                          ? [
                              code.product_ids.length
                                ? `${code.product_ids.length} product${code.product_ids.length === 1 ? '' : 's'}`
                                : null,
                              code.category_ids.length
                                ? `${code.category_ids.length} categor${code.category_ids.length === 1 ? 'y' : 'ies'}`
                                : null,
                            ]
                              .filter(Boolean)
                              .join(', ')
                          : 'Everything'}
                      </td>
                      <td>{code.usable ? 'Usable now' : code.active ? 'Not usable now' : 'Inactive'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </section>
  );
}
