/** Where a registered buyer downloads the PDF receipt of a purchase (the order success page and /orders). */
export function receiptPath(purchaseId: string): string {
  return `/orders/${encodeURIComponent(purchaseId)}/receipt`;
}

/** The receipt's file name (docs/product.md#receipts): receipt_{first 8 characters of the id}.pdf. */
export function receiptFileName(purchaseId: string): string {
  return `receipt_${purchaseId.slice(0, 8).replace(/[^0-9A-Za-z-]/g, '')}.pdf`;
}
