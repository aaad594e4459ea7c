import PDFDocument from 'pdfkit';

import { addressLines } from '@contract/address';
import { BRAND } from '@contract/brand';
import { formatEuro } from '@contract/money';
import { optionLine } from '@contract/options';

import type { PurchaseSuccessOut } from './order-confirmation.js';
import { printable, RECEIPT_FONTS } from './receipt-fonts.js';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** A PDF receipt for a purchase: shop, order, buyer, addresses, items, VAT included, total, payment. */
export function renderReceipt(purchase: PurchaseSuccessOut & { buyer_name: string | null }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Receipt ${purchase.order_number}`, Author: BRAND.name } });
  doc.registerFont('Regular', RECEIPT_FONTS.regular);
  doc.registerFont('Bold', RECEIPT_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const hq = BRAND.headquarters;
  doc.font('Bold').fontSize(22).text(BRAND.name, { characterSpacing: 4 });
  doc.font('Regular').fontSize(9).fillColor('#555').text(`${hq.line1}, ${hq.postalCode} ${hq.city}, ${hq.country} · ${BRAND.email}`);
  doc.moveDown(1.5).fillColor('#000').font('Bold').fontSize(16).text('Receipt');
  doc.font('Regular').fontSize(10);
  doc.text(`Order number: ${purchase.order_number}`);
  doc.text(`Date: ${dateFormat.format(new Date(purchase.created_at))}`);
  doc.text(`Status: ${purchase.status}`);
  doc.text(printable(`Buyer: ${[purchase.buyer_name, purchase.customer_email].filter(Boolean).join(' · ')}`));

  const shipping = addressLines(purchase.shipping_address);
  const billing = addressLines(purchase.billing_address);
  if (shipping.length || billing.length) {
    doc.moveDown();
    const top = doc.y;
    if (shipping.length)
      doc
        .font('Bold')
        .text('Shipping address', 50, top)
        .font('Regular')
        .text(printable(shipping.join('\n')), 50);
    if (billing.length)
      doc
        .font('Bold')
        .text('Billing address', 300, top)
        .font('Regular')
        .text(printable(billing.join('\n')), 300);
    doc.x = 50;
  }

  doc.moveDown(1.5).font('Bold');
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Bold' : 'Regular');
    doc.text(printable(cells[0]), 50, y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1], 330, y, { width: 40, align: 'right' });
    doc.text(cells[2], 380, y, { width: 80, align: 'right' });
    doc.text(cells[3], 470, y, { width: 75, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
    doc.x = 50;
  };
  row(['Item', 'Qty', 'Price', 'Amount'], true);
  for (const item of purchase.items) {
    const options = item.variant_attributes.map((option) => optionLine(option)).join(', ') || item.variant;
    const refunded = item.refunded_quantity ? ` · ${item.refunded_quantity} refunded` : '';
    row([
      `${item.name}\n${options}${options ? ' · ' : ''}SKU ${item.sku}${refunded}`,
      String(item.quantity),
      formatEuro(item.price),
      formatEuro(item.subtotal),
    ]);
  }

  doc.moveDown();
  const total = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Bold' : 'Regular')
      .text(label, 300, y, { width: 160 })
      .text(amount, 470, y, { width: 75, align: 'right' });
    doc.x = 50;
  };
  total('Subtotal', formatEuro(purchase.subtotal));
  total('Shipping', purchase.shipping_cost === 0 ? 'Free' : formatEuro(purchase.shipping_cost));
  if (purchase.discount > 0)
    total(purchase.discount_code ? `Discount (${purchase.discount_code})` : 'Discount', `-${formatEuro(purchase.discount)}`);
  else if (purchase.discount_code) total(`Discount (${purchase.discount_code})`, 'Free shipping');
  total('Total', formatEuro(purchase.total), true);
  total('of which VAT 22% included', formatEuro(purchase.tax));
  const refunded = purchase.refunded_total ?? 0;
  if (refunded > 0) {
    doc.moveDown(0.5);
    total('Refunded', `-${formatEuro(refunded)}`);
    total('Paid after refunds', formatEuro(purchase.total - refunded), true);
  }

  doc.moveDown(2).font('Regular').fontSize(10).text(`Payment method: ${purchase.payment_method}`, 50);
  doc.moveDown().fontSize(8).fillColor('#555').text(`${BRAND.name}: ${BRAND.tagline}. Prices include Italian VAT at 22%.`, 50);
  doc.end();
  return done;
}
