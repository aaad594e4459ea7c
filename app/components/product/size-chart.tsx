import type { SizeChart } from '@contract/api/catalogue';

import { useI18n } from '~/lib/i18n';

function listOf(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

type Chart = NonNullable<SizeChart['sizeChart']>;
type Conversions = NonNullable<SizeChart['conversionChart']>['conversions'];

/** Each size's measurements, point by point, in cm and inches. */
function MeasurementsTable({ points, sizes }: { points: Chart['measurementPoints']; sizes: Chart['sizes'] }) {
  const { t } = useI18n();
  if (!sizes.length) return null;
  return (
    <div className="size-chart__scroll">
      <table>
        <caption>{t('sizeChart.measurements')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sizeChart.size')}</th>
            {points.map((p) => (
              <th scope="col" key={p.code}>
                {p.code} · {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size.sizeName}>
              <th scope="row">{size.sizeName}</th>
              {points.map((p) => {
                const m = size.measurements.find((x) => x.measurementCode === p.code);
                return <td key={p.code}>{m ? `${m.value} cm (${m.valueInches} in)` : '–'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Sizes against US/UK waist and Italian sizes. */
function ConversionTable({ conversions }: { conversions: Conversions }) {
  const { t } = useI18n();
  if (!conversions.length) return null;
  const sizeKey = conversions[0] ? Object.keys(conversions[0]).find((k) => k.endsWith('Size') && k !== 'italianSize') : undefined;
  return (
    <div className="size-chart__scroll">
      <table>
        <caption>{t('sizeChart.conversion')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('sizeChart.size')}</th>
            <th scope="col">{t('sizeChart.usUkWaist')}</th>
            <th scope="col">{t('sizeChart.italianSize')}</th>
          </tr>
        </thead>
        <tbody>
          {conversions.map((row, i) => (
            <tr key={i}>
              <th scope="row">{listOf(sizeKey ? row[sizeKey] : undefined)}</th>
              <td>{listOf(row.usUkWaist)}</td>
              <td>{listOf(row.italianSize)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The size chart in a collapsible `<details>`, every part of docs/product.md#data-catalogue that the chart has. */
export function SizeChartDetails({ chart }: { chart: SizeChart }) {
  const { t } = useI18n();
  const points = chart.sizeChart?.measurementPoints ?? [];
  const sizes = chart.sizeChart?.sizes ?? [];
  const conversions = chart.conversionChart?.conversions ?? [];
  return (
    <details className="size-chart">
      <summary>{t('sizeChart.title')}</summary>
      <div className="size-chart__body">
        {chart.productName ? <h3>{chart.productName}</h3> : null}
        {chart.productDescription ? <p>{chart.productDescription}</p> : null}
        {chart.fitDescription ? <p className="size-chart__fit">{chart.fitDescription}</p> : null}

        {points.length ? (
          <>
            <h4>{t('sizeChart.measurementPoints')}</h4>
            <ul className="size-chart__points">
              {points.map((p) => (
                <li key={p.code}>
                  <strong>{p.code}</strong> {p.name}
                </li>
              ))}
            </ul>
          </>
        ) : null}

        <MeasurementsTable points={points} sizes={sizes} />
        <ConversionTable conversions={conversions} />

        {chart.sizingTips.length ? (
          <>
            <h4>{t('sizeChart.tips')}</h4>
            <ul>
              {chart.sizingTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </>
        ) : null}

        {chart.modelInfo.length ? (
          <>
            <h4>{t('sizeChart.model')}</h4>
            <ul>
              {chart.modelInfo.map((m) => (
                <li key={m.modelDescription}>{m.modelDescription}</li>
              ))}
            </ul>
          </>
        ) : null}

        {chart.specialFeatures.length ? (
          <>
            <h4>{t('sizeChart.features')}</h4>
            <dl className="size-chart__features">
              {chart.specialFeatures.map((f) => (
                <div key={f.name}>
                  <dt>{f.name}</dt>
                  <dd>{f.description}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}

        {chart.measurementGuideImageUrl ? (
          <figure className="size-chart__guide">
            <img
              src={`${chart.measurementGuideImageUrl}?width=640`}
              width={1200}
              height={1500}
              loading="lazy"
              decoding="async"
              alt={t('sizeChart.guideAlt')}
            />
          </figure>
        ) : null}
      </div>
    </details>
  );
}
