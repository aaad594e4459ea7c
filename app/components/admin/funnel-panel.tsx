import { Link } from '@remix-run/react';

import type { Funnel } from '@contract/api/insights';
import { FUNNEL_PERIODS, FUNNEL_STEPS, type FunnelStep } from '@contract/funnel';

import { type MessageKey, useI18n } from '~/lib/i18n';

import { TableScroll } from './table-scroll';

const WIDTH = 720;
const ROW = 34;
const LABEL = 190;

/** Each step named in the member's language. */
const STEP_NAMES: Record<FunnelStep, MessageKey> = {
  view: 'adminPeople.funnel.step.view',
  add_to_cart: 'adminPeople.funnel.step.addToCart',
  checkout_started: 'adminPeople.funnel.step.checkoutStarted',
  payment_page: 'adminPeople.funnel.step.paymentPage',
  paid: 'adminPeople.funnel.step.paid',
};

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

/**
 * The dashboard's funnel (issue 41): how many reached each step in the period, as bars drawn on the
 * server (a picture, role img, summarised in its title) and as a table that carries every number;
 * the biggest drop named; 7 or 30 days by a plain link; the CSV beside it. No script needed.
 */
export function FunnelPanel({ funnel, days }: { funnel: Funnel; days: number }) {
  const { t } = useI18n();
  const { totals } = funnel;
  const drop = funnel.biggest_drop;
  const dropText = drop
    ? t('adminPeople.funnel.biggestDrop', {
        from: t(STEP_NAMES[drop.from]).toLowerCase(),
        to: t(STEP_NAMES[drop.to]).toLowerCase(),
        lost: drop.lost,
        rate: Math.round(drop.rate * 100),
      })
    : t('adminPeople.funnel.noShoppers');
  return (
    <section aria-labelledby="funnel-heading" className="admin-funnel">
      <h2 id="funnel-heading">{t('adminPeople.funnel.heading')}</h2>
      <p>
        {t('adminPeople.funnel.intro')} {t('adminPeople.funnel.period', { from: funnel.from, to: funnel.to })}
      </p>
      <p>
        {FUNNEL_PERIODS.map((period, i) => (
          <span key={period}>
            {i ? ' · ' : null}
            {period === days ? (
              <strong aria-current="page">{t('adminPeople.funnel.lastDays', { days: period })}</strong>
            ) : (
              <Link to={`?funnel=${period}#funnel-heading`}>{t('adminPeople.funnel.lastDays', { days: period })}</Link>
            )}
          </span>
        ))}
        {' · '}
        <a href={`/admin/funnel.csv?days=${days}`} download>
          {t('adminPeople.funnel.downloadCsv')}
        </a>
      </p>
      <p id="funnel-drop">
        <strong>{dropText}</strong>
      </p>
      <FunnelChart totals={totals} days={days} />
      <TableScroll label={t('adminPeople.funnel.steps')}>
        <table className="admin-table">
          <caption>{t('adminPeople.funnel.stepsCaption', { days })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminPeople.funnel.step')}</th>
              <th scope="col">{t('adminPeople.funnel.count')}</th>
              <th scope="col">{t('adminPeople.funnel.ofStepBefore')}</th>
            </tr>
          </thead>
          <tbody>
            {FUNNEL_STEPS.map((step, i) => (
              <tr key={step}>
                <th scope="row">{t(STEP_NAMES[step])}</th>
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
  const { t } = useI18n();
  const top = Math.max(1, ...FUNNEL_STEPS.map((step) => totals[step]));
  return (
    <svg
      className="admin-chart"
      viewBox={`0 0 ${WIDTH} ${ROW * FUNNEL_STEPS.length + 8}`}
      role="img"
      aria-labelledby="funnel-chart-title"
      aria-describedby="funnel-drop"
    >
      <title id="funnel-chart-title">
        {t('adminPeople.funnel.chartTitle', {
          days,
          steps: FUNNEL_STEPS.map((step) => `${t(STEP_NAMES[step])} ${totals[step]}`).join(', '),
        })}
      </title>
      {FUNNEL_STEPS.map((step, i) => {
        const width = ((WIDTH - LABEL - 70) * totals[step]) / top;
        return (
          <g key={step}>
            <text x={LABEL - 8} y={i * ROW + 22} textAnchor="end" className="admin-chart__label">
              {t(STEP_NAMES[step])}
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
  const { t } = useI18n();
  if (!products.length) return null;
  return (
    <TableScroll label={t('adminPeople.funnel.perProduct')}>
      <table className="admin-table">
        <caption>{t('adminPeople.funnel.perProductCaption', { days })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminPeople.figures.product')}</th>
            {FUNNEL_STEPS.map((step) => (
              <th scope="col" key={step}>
                {t(STEP_NAMES[step])}
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
