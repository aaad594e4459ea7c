/** Where a parcel can be followed (docs/product.md#constants): the carrier's page for the carriers we ship with, else a web search. */
const CARRIER_PAGES: { match: RegExp; url: (trackingNumber: string) => string }[] = [
  { match: /^gls\b/i, url: (n) => `https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=${n}` },
  { match: /^dhl\b/i, url: (n) => `https://www.dhl.com/it-it/home/tracking.html?tracking-id=${n}` },
  { match: /^poste(\s+italiane)?\b/i, url: (n) => `https://www.poste.it/cerca/index.html#/risultati-spedizioni/${n}` },
  { match: /^(bartolini|brt)\b/i, url: (n) => `https://vas.brt.it/vas/sped_det_show.hsm?Nspediz=${n}` },
];

/** The tracking link for a shipment, or null while there is nothing to track ('Pending' or none). */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (!number || /^pending$/i.test(number)) return null;
  const encoded = encodeURIComponent(number);
  const page = CARRIER_PAGES.find((entry) => entry.match.test(carrier?.trim() ?? ''));
  if (page) return page.url(encoded);
  return `https://www.google.com/search?q=${encodeURIComponent(`${carrier ?? ''} ${number} tracking`.trim())}`;
}

/** Where a carrier's tracking page takes the number (the owner's carriers, migration 042). */
export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

/** A carrier's tracking page for one parcel, from its template; null while there is nothing to track. */
export function trackingUrlFromTemplate(template: string, trackingNumber: string | null | undefined): string | null {
  const number = trackingNumber?.trim();
  if (!number || /^pending$/i.test(number)) return null;
  return template.split(TRACKING_NUMBER_PLACEHOLDER).join(encodeURIComponent(number));
}
