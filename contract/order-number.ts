/** The displayed order number (docs/product.md#orders): ORD-{year}-{month}-{day}-{first 8 of the id, uppercased}. */
export function orderNumber(purchaseId: string, date: string | Date): string {
  const at = new Date(date);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = Number.isNaN(at.getTime()) ? 'UNKNOWN' : `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return `ORD-${day}-${purchaseId.slice(0, 8).toUpperCase()}`;
}
