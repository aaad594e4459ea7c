import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { FunnelPanel } from '~/components/admin/funnel-panel';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { figuresSchema, funnelSchema } from '~/lib/admin-reads.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Back office') }, { name: 'robots', content: 'noindex' }];

/** What each role may do (the API enforces it; this says it). */
const ROLE_SCOPE = {
  owner: 'everything: orders, fulfilment, stock, refunds and cancellations, catalogue prices, and the staff.',
  staff: 'orders, fulfilment, notes and stock. Cancellations, refunds, catalogue prices and the staff are for an owner.',
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const days = new URL(request.url).searchParams.get('funnel') === '30' ? 30 : 7;
  const [figures, funnel] = await Promise.all([
    staff.api.request('GET', 'admin/figures', figuresSchema),
    staff.api.request('GET', 'admin/funnel', funnelSchema, { query: { days } }),
  ]);
  return json({ email: staff.email, role: staff.role, figures, funnel, days }, { headers: ADMIN_HEADERS });
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The figures of the last 30 days: totals, the chart with its table, top sellers, sell-through and demand. */
function Dashboard({ figures }: { figures: ReturnType<typeof useLoaderData<typeof loader>>['figures'] }) {
  const { totals } = figures;
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading">
        Last 30 days ({figures.from} to {figures.to}, Italian time)
      </h2>
      <dl className="admin-figures">
        <div>
          <dt>Net revenue</dt>
          <dd>{formatEuro(totals.net)}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{totals.orders}</dd>
        </div>
        <div>
          <dt>Average order</dt>
          <dd>{formatEuro(totals.average_order_value)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{formatEuro(totals.refunds)}</dd>
        </div>
        <div>
          <dt>Gift cards sold (owed until spent, not in revenue)</dt>
          <dd>{formatEuro(totals.gift_card_sales)}</dd>
        </div>
      </dl>

      <h3 id="per-day-heading">Revenue and orders per day</h3>
      <RevenueChart days={figures.days} describedBy="per-day-heading" />
      <TableScroll label="Revenue and orders per day">
        <table className="admin-table">
          <caption>Revenue, refunds and orders per day (revenue of the orders placed that day, refunds on the day they were made)</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {[...figures.days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.orders}</td>
                <td>{formatEuro(day.revenue)}</td>
                <td>{day.refunds ? `-${formatEuro(day.refunds)}` : formatEuro(0)}</td>
                <td>{formatEuro(day.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <h3>Top products</h3>
      {figures.top_products.length === 0 ? (
        <p>Nothing sold in these days.</p>
      ) : (
        <TableScroll label="Top products">
          <table className="admin-table">
            <caption className="visually-hidden">Top products by units sold</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Units</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {figures.top_products.map((product) => (
                <tr key={product.name}>
                  <th scope="row">{product.name}</th>
                  <td>{product.units}</td>
                  <td>{formatEuro(product.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h3>Top variants</h3>
      {figures.top_variants.length === 0 ? (
        <p>Nothing sold in these days.</p>
      ) : (
        <TableScroll label="Top variants">
          <table className="admin-table">
            <caption className="visually-hidden">Top variants by units sold</caption>
            <thead>
              <tr>
                <th scope="col">SKU</th>
                <th scope="col">Variant</th>
                <th scope="col">Units</th>
              </tr>
            </thead>
            <tbody>
              {figures.top_variants.map((variant) => (
                <tr key={variant.sku}>
                  <th scope="row">{variant.sku}</th>
                  <td>{variant.variant || variant.name}</td>
                  <td>{variant.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h3>Sell-through per size</h3>
      <TableScroll label="Sell-through per size">
        <table className="admin-table">
          <caption className="visually-hidden">Units sold in these days against units on hand, per size</caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">Sold</th>
              <th scope="col">On hand</th>
              <th scope="col">Sell-through</th>
            </tr>
          </thead>
          <tbody>
            {figures.sell_through.map((size) => (
              <tr key={size.size}>
                <th scope="row">{size.size}</th>
                <td>{size.sold}</td>
                <td>{size.on_hand}</td>
                <td>{percent(size.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <h3>Demand waiting</h3>
      {figures.demand_waiting.length === 0 ? (
        <p>Nobody is waiting for a restock.</p>
      ) : (
        <TableScroll label="Demand waiting">
          <table className="admin-table">
            <caption className="visually-hidden">Back-in-stock requests waiting, most wanted first</caption>
            <thead>
              <tr>
                <th scope="col">Waiting for</th>
                <th scope="col">SKU</th>
                <th scope="col">In stock</th>
                <th scope="col">Requests</th>
              </tr>
            </thead>
            <tbody>
              {figures.demand_waiting.map((entry) => (
                <tr key={`${entry.product_name}-${entry.sku ?? 'any'}`}>
                  <th scope="row">{entry.variant ?? `${entry.product_name} (any variant)`}</th>
                  <td>{entry.sku ?? '–'}</td>
                  <td>{entry.stock_quantity ?? '–'}</td>
                  <td>{entry.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p>
        <Link to="/admin/stock">Restock on the stock page</Link>
      </p>

      <h3>Payments given back</h3>
      {figures.refused_payments.length === 0 ? (
        <p>None: every payment in these days became an order.</p>
      ) : (
        <TableScroll label="Payments given back">
          <table className="admin-table">
            <caption>
              Payments that arrived after their checkout had closed, when what it held was gone: refunded in full, and the shopper told why
            </caption>
            <thead>
              <tr>
                <th scope="col">When (Italian time)</th>
                <th scope="col">Shopper</th>
                <th scope="col">Amount</th>
                <th scope="col">Why</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {figures.refused_payments.map((payment) => (
                <tr key={`${payment.at}-${payment.email}`}>
                  <th scope="row">
                    <time dateTime={payment.at}>{shopClock(payment.at)}</time>
                  </th>
                  <td>{payment.email}</td>
                  <td>{formatEuro(payment.amount)}</td>
                  <td>{payment.reason}</td>
                  <td>{payment.status === 'refunded' ? 'Refunded' : 'Pending: the payment provider has not confirmed it yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export default function AdminOverview() {
  const { email, role, figures, funnel, days } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="admin-overview-heading">
      <h1 id="admin-overview-heading">Back office</h1>
      <p>
        Signed in as <strong>{email}</strong>, {role === 'owner' ? 'an owner' : 'staff'}. Your role covers {ROLE_SCOPE[role]}
      </p>
      <ul className="admin-cards">
        <li>
          <Link to="/admin/orders">Orders</Link>: find an order, see what to pack and where it goes, mark it shipped or delivered.
        </li>
        <li>
          <Link to="/admin/stock">Stock</Link>: every variant with what is in stock, held by checkouts, sold lately and awaited; restock in
          place.
        </li>
        <li>
          <Link to="/admin/customers">Customers</Link>: registered and guest buyers, their orders, addresses, cards and what they wait for.
        </li>
        {role === 'owner' ? (
          <li>
            <Link to="/admin/staff">Staff</Link>: who may sign in here, and with which role.
          </li>
        ) : null}
        <li>
          <Link to="/admin/reminders">Reminders and demand</Link>: abandoned-cart reminders (settings, what they recovered) and what
          shoppers want per variant.
        </li>
        <li>
          <Link to="/admin/audit">Audit log</Link>: every change made here or with the command line, who made it and when.
        </li>
      </ul>
      <FunnelPanel funnel={funnel} days={days} />
      <Dashboard figures={figures} />
    </section>
  );
}
