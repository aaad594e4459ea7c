import { Form, useActionData } from '@remix-run/react';

import type { AdminProduct } from '@contract/api/products-admin';
import { POINT_CODES } from '@contract/api/products-admin';

import { useI18n } from '~/lib/i18n';

/** What the size-chart form answers when it is not saved: measurements named anew (the table must follow), or why not. */
export interface SizeChartFormAnswer {
  chartForm: true;
  /** The measurement names the table is drawn for now. */
  points: string[];
  message: string;
  kind: 'draft' | 'error';
}

/**
 * The size chart as a form with rows: the fit, tips and model notes, the measurements (lettered A, B,
 * C... in order), and a table with one row per size and one column per measurement, in cm. Naming
 * other measurements redraws the table first (a form post, so without JavaScript too), then it is
 * filled in and saved.
 */
export function SizeChartForm({ product }: { product: AdminProduct }) {
  const answer = useActionData<SizeChartFormAnswer | object>();
  const pending = answer && 'chartForm' in answer ? answer : null;
  const chart = product.size_chart;
  const points = pending?.points ?? chart?.points.map((p) => p.name) ?? [];
  const sizes = [...new Set([...product.sizes, ...(chart?.sizes.map((s) => s.size) ?? [])])];
  const valueOf = (size: string, code: string) => (pending ? undefined : chart?.sizes.find((s) => s.size === size)?.values[code]);
  const { t } = useI18n();
  return (
    <section aria-labelledby="size-chart-heading">
      <h2 id="size-chart-heading">{t('adminCatalogue.chart.heading')}</h2>
      <Form method="post" className="admin-form" aria-label={t('adminCatalogue.chart.heading')}>
        {pending ? (
          <p className={pending.kind === 'error' ? 'notice notice--error' : 'notice'} role={pending.kind === 'error' ? 'alert' : 'status'}>
            {pending.message}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="chart-fit">{t('adminCatalogue.chart.fit')}</label>
          <textarea id="chart-fit" name="fit_description" rows={2} defaultValue={chart?.fit_description ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="chart-tips">{t('adminCatalogue.chart.tips')}</label>
          <textarea id="chart-tips" name="sizing_tips" rows={3} defaultValue={chart?.sizing_tips.join('\n') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="chart-models">{t('adminCatalogue.chart.models')}</label>
          <textarea id="chart-models" name="model_info" rows={2} defaultValue={chart?.model_info.join('\n') ?? ''} />
        </div>
        <div className="field">
          <label htmlFor="chart-points">{t('adminCatalogue.chart.points')}</label>
          <p className="field__hint" id="chart-points-hint">
            {t('adminCatalogue.chart.pointsHint')}
          </p>
          <input id="chart-points" name="points" defaultValue={points.join(', ')} aria-describedby="chart-points-hint" />
        </div>
        <input type="hidden" name="table_points" value={points.join(', ')} />
        {points.length ? (
          <table className="admin-table">
            <caption>{t('adminCatalogue.chart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCatalogue.common.size')}</th>
                {points.map((name, i) => (
                  <th scope="col" key={name}>
                    {POINT_CODES[i]}: {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sizes.map((size) => (
                <tr key={size}>
                  <th scope="row">{size}</th>
                  {points.map((name, i) => (
                    <td key={name}>
                      <label className="visually-hidden" htmlFor={`cm-${size}-${POINT_CODES[i]}`}>
                        {t('adminCatalogue.chart.cell', { name, size })}
                      </label>
                      <input
                        id={`cm-${size}-${POINT_CODES[i]}`}
                        name={`cm.${size}.${POINT_CODES[i]}`}
                        inputMode="decimal"
                        defaultValue={valueOf(size, POINT_CODES[i]) ?? ''}
                        className="admin-quantity"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <button type="submit" name="intent" value="size-chart" className="button">
          {t('adminCatalogue.chart.save')}
        </button>
      </Form>
    </section>
  );
}
