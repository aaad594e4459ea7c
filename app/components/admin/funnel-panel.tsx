import { Link } from '@remix-run/react';

import type { Funnel } from '@contract/api/insights';
import { FUNNEL_PERIODS, FUNNEL_STEP_LABELS, FUNNEL_STEPS } from '@contract/funnel';

import { TableScroll } from './table-scroll';

const WIDTH = 720;
const ROW = 34;
const LABEL = 190;

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

/**
 * The dashboard's funnel (issue 41): how many reached each step in the period, as bars drawn on the
 * server (a picture, role img, summarised in its title) and as a table that carries every number;
 * the biggest drop named; 7 or 30 days by a plain link; the CSV beside it. No script needed.
 */
export function FunnelPanel({ funnel, days }: { funnel: Funnel; days: number }) {
  const { totals } = funnel;
  const drop = funnel.biggest_drop;
  const dropText = drop
    ? `The biggest drop is from ${FUNNEL_STEP_LABELS[drop.from].toLowerCase()} to ${FUNNEL_STEP_LABELS[drop.to].toLowerCase()}: ${drop.lost} (${Math.round(drop.rate * 100)}%) did not go on.`
    : 'No shoppers counted in these days yet.';
  return (
    <section aria-labelledby="funnel-heading" className="admin-funnel">
      <h2 id="funnel-heading">Funnel</h2>
      <p>
        Counted by the shop itself as it answers requests: no cookies, no identifiers, only a number per day, step and product.{' '}
        {funnel.from} to {funnel.to} (Italian time).
      </p>
      <p>
        {FUNNEL_PERIODS.map((period, i) => (
          <span key={period}>
            {i ? ' · ' : null}
            {period === days ? (
              <strong aria-current="page">Last {period} days</strong>
            ) : (
              <Link to={`?funnel=${period}#funnel-heading`}>Last {period} days</Link>
            )}
          </span>
        ))}
        {' · '}
        <a href={`/admin/funnel.csv?days=${days}`} download>
          Download CSV
        </a>
      </p>
      <p id="funnel-drop">
        <strong>{dropText}</strong>
      </p>
      <FunnelChart totals={totals} days={days} />
      <TableScroll label="Funnel steps">
        <table className="admin-table">
          <caption>Shoppers at each step in the last {days} days, and the share of the step before who went on</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Count</th>
              <th scope="col">Of the step before</th>
            </tr>
          </thead>
          <tbody>
            {FUNNEL_STEPS.map((step, i) => (
              <tr key={step}>
                <th scope="row">{FUNNEL_STEP_LABELS[step]}</th>
                <td>{totals[step]}</td>
                <td>{i ? percent(totals[step], totals[FUNNEL_STEPS[i - 1]!]) : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <ProductFunnel products={funnel.products} days={days} />
    </section>
  );
}

/** The bars, drawn on the server: a picture (role img) summarised in its title, every number in the table beside it. */
function FunnelChart({ totals, days }: { totals: Funnel['totals']; days: number }) {
  const top = Math.max(1, ...FUNNEL_STEPS.map((step) => totals[step]));
  return (
    <svg
      className="admin-chart"
      viewBox={`0 0 ${WIDTH} ${ROW * FUNNEL_STEPS.length + 8}`}
      role="img"
      aria-labelledby="funnel-chart-title"
      aria-describedby="funnel-drop"
    >
      <title id="funnel-chart-title">{`Shoppers at each step, last ${days} days: ${FUNNEL_STEPS.map(
        (step) => `${FUNNEL_STEP_LABELS[step]} ${totals[step]}`,
      ).join(', ')}.`}</title>
      {FUNNEL_STEPS.map((step, i) => {
        const width = ((WIDTH - LABEL - 70) * totals[step]) / top;
        return (
          <g key={step}>
            <text x={LABEL - 8} y={i * ROW + 22} textAnchor="end" className="admin-chart__label">
              {FUNNEL_STEP_LABELS[step]}
            </text>
            <rect x={LABEL} y={i * ROW + 6} width={Math.max(width, totals[step] ? 1 : 0)} height={ROW - 12} className="admin-chart__bar" />
            <text x={LABEL + width + 6} y={i * ROW + 22} className="admin-chart__label">
              {totals[step]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The funnel of the 20 most viewed products. */
function ProductFunnel({ products, days }: { products: Funnel['products']; days: number }) {
  if (!products.length) return null;
  return (
    <TableScroll label="Funnel per product">
      <table className="admin-table">
        <caption>Per product, last {days} days (most viewed first)</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            {FUNNEL_STEPS.map((step) => (
              <th scope="col" key={step}>
                {FUNNEL_STEP_LABELS[step]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.slice(0, 20).map((product) => (
            <tr key={product.product_id}>
              <th scope="row">{product.name}</th>
              {FUNNEL_STEPS.map((step) => (
                <td key={step}>{product[step]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
