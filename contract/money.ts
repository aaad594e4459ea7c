const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euroLoose = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** The shop's languages (ADR 046): prices read '€45.00' in English and '€45,00' in Italian. */
export type MoneyLocale = 'en' | 'it';

// Italian puts the sign after the amount ('45,00 €'); the shop keeps it in front, as its brand does.
const italian = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const italianLoose = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const italianEuro = (format: Intl.NumberFormat, euros: number) => (euros < 0 ? `-€${format.format(-euros)}` : `€${format.format(euros)}`);

/** Integer cents as euros with two decimals: 4500 → "€45.00" ("€45,00" in Italian). The one money formatter. */
export function formatEuro(cents: number, locale: MoneyLocale = 'en'): string {
  return locale === 'it' ? italianEuro(italian, cents / 100) : euro.format(cents / 100);
}

/** Cents as euros on the product page: whole euros without decimals ("€45"), any others with two ("€31.90", "€31,90"). */
export function formatEuroLoose(cents: number, locale: MoneyLocale = 'en'): string {
  if (cents % 100 !== 0) return formatEuro(cents, locale);
  return locale === 'it' ? italianEuro(italianLoose, cents / 100) : euroLoose.format(cents / 100);
}

/**
 * An order amount whose unit the answer does not say (docs/product.md#constants): text starting
 * with the euro sign is shown as is; a number below 100 or with decimals is euros; a whole number
 * of 100 or more is cents. Missing amounts show as €0.00 (€0,00 in Italian).
 */
export function displayAmount(value: number | string | null | undefined, locale: MoneyLocale = 'en'): string {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('€')) return locale === 'en' ? text : inLocale(text, locale);
    const parsed = Number(text);
    return Number.isFinite(parsed) && text !== '' ? displayAmount(parsed, locale) : formatEuro(0, locale);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatEuro(0, locale);
  if (Number.isInteger(value) && value >= 100) return formatEuro(value, locale);
  return locale === 'it' ? italianEuro(italian, value) : euro.format(value);
}

/** Euro text as formatEuro writes it in English ('€1,234.50'), said again in `locale`; any other text as it is. */
function inLocale(text: string, locale: MoneyLocale): string {
  const match = /^€(\d{1,3}(?:,\d{3})*)\.(\d{2})$/.exec(text);
  if (!match) return text;
  return formatEuro(Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]), locale);
}

/**
 * An amount of a field only this shop's API sends, always in cents (the discount, what was refunded):
 * a number is cents whatever its size, so a 50-cent discount reads €0.50, not €50.00. Text is shown as
 * {@link displayAmount} shows it.
 */
export function displayCents(value: number | string | null | undefined, locale: MoneyLocale = 'en'): string {
  return typeof value === 'number' && Number.isInteger(value) ? formatEuro(value, locale) : displayAmount(value, locale);
}
