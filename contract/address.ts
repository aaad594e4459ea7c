/**
 * Where the shop ships (docs/product.md#checkout): the countries a delivery address may be in, by
 * ISO code, in the order the payment page lists them (Italy first, then by name).
 */
export const SHIPPING_COUNTRIES = {
  IT: 'Italy',
  AT: 'Austria',
  BE: 'Belgium',
  BG: 'Bulgaria',
  HR: 'Croatia',
  CY: 'Cyprus',
  CZ: 'Czechia',
  DK: 'Denmark',
  EE: 'Estonia',
  FI: 'Finland',
  FR: 'France',
  DE: 'Germany',
  GR: 'Greece',
  HU: 'Hungary',
  IE: 'Ireland',
  LV: 'Latvia',
  LT: 'Lithuania',
  LU: 'Luxembourg',
  MT: 'Malta',
  NL: 'Netherlands',
  NO: 'Norway',
  PL: 'Poland',
  PT: 'Portugal',
  RO: 'Romania',
  SK: 'Slovakia',
  SI: 'Slovenia',
  ES: 'Spain',
  SE: 'Sweden',
  CH: 'Switzerland',
  GB: 'United Kingdom',
} as const;
export type ShippingCountry = keyof typeof SHIPPING_COUNTRIES;
export const SHIPPING_COUNTRY_CODES = Object.keys(SHIPPING_COUNTRIES) as ShippingCountry[];

export function isShippingCountry(value: string): value is ShippingCountry {
  return Object.hasOwn(SHIPPING_COUNTRIES, value);
}

let italianNames: Intl.DisplayNames | undefined;

/** A country as people read it: the name for a code the shop ships to (in Italian for Italian pages), else the text as stored. */
export function countryName(value: string, locale: 'en' | 'it' = 'en'): string {
  const code = value.trim().toUpperCase();
  if (!isShippingCountry(code)) return value;
  if (locale === 'en') return SHIPPING_COUNTRIES[code];
  italianNames ??= new Intl.DisplayNames(['it'], { type: 'region' });
  return italianNames.of(code) ?? SHIPPING_COUNTRIES[code];
}

export interface PostalAddress {
  name?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

/** An address as printed lines (order pages, receipts, emails, the owner's CLI), the empty parts left out. */
export function addressLines(address: PostalAddress | null | undefined, locale: 'en' | 'it' = 'en'): string[] {
  if (!address) return [];
  return [
    address.name,
    address.line1,
    address.line2,
    [address.postal_code, address.city].filter(Boolean).join(' '),
    address.state,
    address.country ? countryName(address.country, locale) : null,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
