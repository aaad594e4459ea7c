import { Link } from '@remix-run/react';

import type { Figures } from '@contract/api/figures';
import { formatEuro } from '@contract/money';
import { shopClock } from '@contract/shop-time';

import { RevenueChart } from '~/components/admin/revenue-chart';
import { TableScroll } from '~/components/admin/table-scroll';
import { useI18n } from '~/lib/i18n';

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The figures of the last 30 days: totals, the chart with its table, top sellers, sell-through and demand. */
export function FiguresPanel({ figures }: { figures: Figures }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading">{t('adminPeople.figures.heading', { from: figures.from, to: figures.to })}</h2>
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
  const { locale, t } = useI18n();
  return (
    <>
      <dl className="admin-figures">
        <div>
          <dt>{t('adminPeople.figures.netRevenue')}</dt>
          <dd>{formatEuro(totals.net, locale)}</dd>
        </div>
        <div>
          <dt>{t('adminPeople.figures.orders')}</dt>
          <dd>{totals.orders}</dd>
        </div>
        <div>
          <dt>{t('adminPeople.figures.averageOrder')}</dt>
          <dd>{formatEuro(totals.average_order_value, locale)}</dd>
        </div>
        <div>
          <dt>{t('adminPeople.figures.refunded')}</dt>
          <dd>{formatEuro(totals.refunds, locale)}</dd>
        </div>
        <div>
          <dt>{t('adminPeople.figures.giftCardsSold')}</dt>
          <dd>{formatEuro(totals.gift_card_sales, locale)}</dd>
        </div>
      </dl>

      <h3 id="per-day-heading">{t('adminPeople.figures.perDay')}</h3>
      <RevenueChart days={figures.days} describedBy="per-day-heading" />
      <TableScroll label={t('adminPeople.figures.perDay')}>
        <table className="admin-table">
          <caption>{t('adminPeople.figures.perDayCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminPeople.figures.day')}</th>
              <th scope="col">{t('adminPeople.figures.orders')}</th>
              <th scope="col">{t('adminPeople.figures.revenue')}</th>
              <th scope="col">{t('adminPeople.figures.refunds')}</th>
              <th scope="col">{t('adminPeople.figures.net')}</th>
            </tr>
          </thead>
          <tbody>
            {[...figures.days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.orders}</td>
                <td>{formatEuro(day.revenue, locale)}</td>
                <td>{day.refunds ? `-${formatEuro(day.refunds, locale)}` : formatEuro(0, locale)}</td>
                <td>{formatEuro(day.net, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function TopSellers({ figures }: { figures: Figures }) {
  const { locale, t } = useI18n();
  return (
    <>
      <h3>{t('adminPeople.figures.topProducts')}</h3>
      {figures.top_products.length === 0 ? (
        <p>{t('adminPeople.figures.nothingSold')}</p>
      ) : (
        <TableScroll label={t('adminPeople.figures.topProducts')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.figures.topProductsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.product')}</th>
                <th scope="col">{t('adminPeople.figures.units')}</th>
                <th scope="col">{t('adminPeople.figures.revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.top_products.map((product) => (
                <tr key={product.name}>
                  <th scope="row">{product.name}</th>
                  <td>{product.units}</td>
                  <td>{formatEuro(product.revenue, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h3>{t('adminPeople.figures.topVariants')}</h3>
      {figures.top_variants.length === 0 ? (
        <p>{t('adminPeople.figures.nothingSold')}</p>
      ) : (
        <TableScroll label={t('adminPeople.figures.topVariants')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.figures.topVariantsCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.sku')}</th>
                <th scope="col">{t('adminPeople.figures.variant')}</th>
                <th scope="col">{t('adminPeople.figures.units')}</th>
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
  const { t } = useI18n();
  return (
    <>
      <h3>{t('adminPeople.figures.sellThroughPerSize')}</h3>
      <TableScroll label={t('adminPeople.figures.sellThroughPerSize')}>
        <table className="admin-table">
          <caption className="visually-hidden">{t('adminPeople.figures.sellThroughCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminPeople.figures.size')}</th>
              <th scope="col">{t('adminPeople.figures.sold')}</th>
              <th scope="col">{t('adminPeople.figures.onHand')}</th>
              <th scope="col">{t('adminPeople.figures.sellThrough')}</th>
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

      <h3>{t('adminPeople.figures.demandWaiting')}</h3>
      {figures.demand_waiting.length === 0 ? (
        <p>{t('adminPeople.figures.nobodyWaiting')}</p>
      ) : (
        <TableScroll label={t('adminPeople.figures.demandWaiting')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminPeople.figures.demandWaitingCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.waitingFor')}</th>
                <th scope="col">{t('adminPeople.figures.sku')}</th>
                <th scope="col">{t('adminPeople.figures.inStock')}</th>
                <th scope="col">{t('adminPeople.figures.requests')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.demand_waiting.map((entry) => (
                <tr key={`${entry.product_name}-${entry.sku ?? 'any'}`}>
                  <th scope="row">{entry.variant ?? t('adminPeople.figures.anyVariant', { product: entry.product_name })}</th>
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
        <Link to="/admin/stock">{t('adminPeople.figures.restockLink')}</Link>
      </p>
    </>
  );
}

/** Payments that came too late for their checkout, given back. */
function RefusedPayments({ figures }: { figures: Figures }) {
  const { locale, t } = useI18n();
  return (
    <>
      <h3>{t('adminPeople.figures.givenBack')}</h3>
      {figures.refused_payments.length === 0 ? (
        <p>{t('adminPeople.figures.noneGivenBack')}</p>
      ) : (
        <TableScroll label={t('adminPeople.figures.givenBack')}>
          <table className="admin-table">
            <caption>{t('adminPeople.figures.givenBackCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminPeople.figures.whenItalianTime')}</th>
                <th scope="col">{t('adminPeople.figures.shopper')}</th>
                <th scope="col">{t('adminPeople.figures.amount')}</th>
                <th scope="col">{t('adminPeople.figures.why')}</th>
                <th scope="col">{t('adminPeople.figures.refund')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.refused_payments.map((payment) => (
                <tr key={`${payment.at}-${payment.email}`}>
                  <th scope="row">
                    <time dateTime={payment.at}>{shopClock(payment.at)}</time>
                  </th>
                  <td>{payment.email}</td>
                  <td>{formatEuro(payment.amount, locale)}</td>
                  <td>{payment.reason}</td>
                  <td>{t(payment.status === 'refunded' ? 'adminPeople.figures.refundDone' : 'adminPeople.figures.refundPending')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
