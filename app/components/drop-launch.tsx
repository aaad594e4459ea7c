import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { formatLaunchTime, timeLeft } from '@contract/shop-time';

import { useI18n } from '~/lib/i18n';

/**
 * A drop's launch time: in the shop's zone (named) as the server renders it, then, with JavaScript,
 * in the shopper's own zone.
 */
export function LaunchTime({ at }: { at: string }) {
  const hydrated = useHydrated();
  const { locale } = useI18n();
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  return <time dateTime={at}>{formatLaunchTime(at, zone, locale)}</time>;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The time left to a launch, ticking each second (JavaScript only: without it the page says the
 * launch time). At zero the page's data is read again, so the purchase buttons come on their own
 * once the shop says the drop is live.
 */
export function Countdown({ at }: { at: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [now, setNow] = useState(() => Date.now());
  const asked = useRef(false);
  const { t } = useI18n();
  const left = Date.parse(at) - now;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0 && !asked.current && revalidator.state === 'idle') {
      asked.current = true;
      revalidator.revalidate();
    }
  }, [left, revalidator]);

  if (!hydrated) return null;
  const { days, hours, minutes, seconds } = timeLeft(left);
  return (
    <p className="drop-countdown" role="timer" aria-label={t('drop.timeLeft')}>
      {left > 0 ? `${days ? `${days} d ` : ''}${two(hours)}:${two(minutes)}:${two(seconds)}` : t('drop.launching')}
    </p>
  );
}

/** 'Coming soon', when, and (with JavaScript) how long until then. */
export function ComingSoon({ at, limit, countdown = true }: { at: string; limit?: number | null; countdown?: boolean }) {
  const { t } = useI18n();
  return (
    <div className="drop-launch">
      <p className="badge badge--coming-soon">{t('drop.comingSoon')}</p>
      <p className="drop-launch__time">
        {t('drop.launches')} <LaunchTime at={at} />
      </p>
      {countdown ? <Countdown at={at} /> : null}
      {limit ? <p className="drop-launch__limit">{t('product.purchaseLimit', { units: limit })}</p> : null}
    </div>
  );
}
