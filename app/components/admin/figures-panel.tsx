import { Link } from '@remix-run/react';

import type { Figures } from '@contract/api/figures';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { RevenueChart } from '~/components/admin/revenue-chart';
import { TableScroll } from '~/components/admin/table-scroll';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The figures of the last 30 days: totals, the chart with its table, top sellers, sell-through and demand. */
export function FiguresPanel({ figures }: { figures: Figures }) {
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading">
        Last 30 days ({figures.from} to {figures.to}, Italian time)
      </h2>
      <Totals figures={figures} />
      <TopSellers figures={figures} />
      <StockFigures figures={figures} />
      <RefusedPayments figures={figures} />
    </section>
  );
}

/** Totals, and revenue per day as a chart and as a table. */
function Totals({ figures }: { figures: Figures }) {
  const { totals } = figures;
  return (
    <>
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
    </>
  );
}

function TopSellers({ figures }: { figures: Figures }) {
  return (
    <>
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
    </>
  );
}

/** Sell-through per size and the demand waiting for a restock. */
function StockFigures({ figures }: { figures: Figures }) {
  return (
    <>
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
    </>
  );
}

/** Payments that came too late for their checkout, given back. */
function RefusedPayments({ figures }: { figures: Figures }) {
  return (
    <>
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
    </>
  );
}
