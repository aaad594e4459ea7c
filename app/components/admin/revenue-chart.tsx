import { formatEuro } from '@contract/money';

import { useI18n } from '~/lib/i18n';

interface Day {
  day: string;
  orders: number;
  net: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 72 };

/**
 * Net revenue per day as bars, drawn on the server: no script, no library. It is a picture for those
 * who see it (role img, with a title and a summary); the table beside it carries every number.
 */
export function RevenueChart({ days, describedBy }: { days: Day[]; describedBy: string }) {
  const { locale, t } = useI18n();
  const values = days.map((d) => d.net);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + ((top - value) / span) * plotH;
  const band = plotW / Math.max(days.length, 1);
  const best = days.reduce<Day | null>((found, d) => (!found || d.net > found.net ? d : found), null);
  const summary =
    best && best.net > 0
      ? t('adminPeople.chart.highest', { amount: formatEuro(best.net, locale), day: best.day })
      : t('adminPeople.chart.none');
  const ticks = [0, Math.floor((days.length - 1) / 2), days.length - 1].filter((i, index, all) => i >= 0 && all.indexOf(i) === index);
  return (
    <svg
      className="admin-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="revenue-chart-title"
      aria-describedby={describedBy}
    >
      <title id="revenue-chart-title">
        {t('adminPeople.chart.title', { from: days[0]?.day ?? '', to: days[days.length - 1]?.day ?? '', summary })}
      </title>
      <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="admin-chart__axis" />
      <text x={PAD.left - 8} y={y(top) + 4} textAnchor="end" className="admin-chart__label">
        {formatEuro(top, locale)}
      </text>
      <text x={PAD.left - 8} y={y(0) + 4} textAnchor="end" className="admin-chart__label">
        {formatEuro(0, locale)}
      </text>
      {bottom < 0 ? (
        <text x={PAD.left - 8} y={y(bottom) + 4} textAnchor="end" className="admin-chart__label">
          {formatEuro(bottom, locale)}
        </text>
      ) : null}
      {days.map((d, i) => {
        const x = PAD.left + i * band + band * 0.15;
        const height = Math.abs(y(d.net) - y(0));
        return (
          <rect
            key={d.day}
            x={x}
            width={band * 0.7}
            y={d.net >= 0 ? y(d.net) : y(0)}
            height={Math.max(height, d.net === 0 ? 0 : 1)}
            className={d.net < 0 ? 'admin-chart__bar admin-chart__bar--negative' : 'admin-chart__bar'}
          />
        );
      })}
      {ticks.map((i) => (
        <text key={days[i].day} x={PAD.left + i * band + band / 2} y={HEIGHT - 8} textAnchor="middle" className="admin-chart__label">
          {days[i].day.slice(5)}
        </text>
      ))}
    </svg>
  );
}
