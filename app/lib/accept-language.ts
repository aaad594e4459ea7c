import { DEFAULT_LOCALE, isLocale, type Locale } from './i18n';

/**
 * The first guess for a visitor who has not chosen: the shop's language the browser ranks highest in
 * `Accept-Language` (q-values respected, `it-IT` counts as `it`, `*` as English); English when none.
 */
export function preferredLocale(acceptLanguage: string | null): Locale {
  let best: { locale: Locale; q: number } | null = null;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [range, ...params] = part.trim().split(';');
    const tag = range.trim().toLowerCase();
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = tag.split('-')[0];
    const locale = primary === '*' ? DEFAULT_LOCALE : isLocale(primary) ? primary : null;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
