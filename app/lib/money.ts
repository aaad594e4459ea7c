const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const euroLoose = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Integer cents as euros with two decimals: 4500 → "€45.00". The one money formatter. */
export function formatEuro(cents: number): string {
  return euro.format(cents / 100);
}

/** Cents as euros without fixed decimals (the product page): 4500 → "€45", 4550 → "€45.50". */
export function formatEuroLoose(cents: number): string {
  return euroLoose.format(cents / 100);
}
