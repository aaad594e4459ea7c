import PDFDocument from 'pdfkit';

import { addressLines } from '@contract/address';
import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';
import { optionLine } from '@contract/options';

import type { Db } from '../db/database.js';
import { giftCardWords } from './gift-card-words.js';
import { mailWords } from './mail-words.js';
import type { PurchaseSuccessOut } from './order-confirmation.js';
import { type PdfColumn, pdfDayFormat, pdfTableRow, printable, RECEIPT_FONTS } from './receipt-fonts.js';

/** The receipt's table: the item, then quantity, price and subtotal on the right. */
const RECEIPT_COLUMNS: PdfColumn[] = [
  { x: 50, width: 270 },
  { x: 330, width: 40, align: 'right' },
  { x: 380, width: 80, align: 'right' },
  { x: 470, width: 75, align: 'right' },
];

/** The delivery and billing addresses side by side, when the order has them. */
function writeAddresses(doc: PDFKit.PDFDocument, purchase: PurchaseSuccessOut, locale: ShopLocale): void {
  const w = mailWords(locale).receipt;
  const shipping = addressLines(purchase.shipping_address, locale);
  const billing = addressLines(purchase.billing_address, locale);
  if (shipping.length || billing.length) {
    doc.moveDown();
    const top = doc.y;
    if (shipping.length)
      doc
        .font('Bold')
        .text(w.shippingAddress, 50, top)
        .font('Regular')
        .text(printable(shipping.join('\n')), 50);
    if (billing.length)
      doc
        .font('Bold')
        .text(w.billingAddress, 300, top)
        .font('Regular')
        .text(printable(billing.join('\n')), 300);
    doc.x = 50;
  }
}

/**
 * A PDF receipt for a purchase: shop, order, buyer, addresses, items, VAT included, total, payment;
 * in the language the order was placed in.
 */
/** The language an order was placed in: its receipt speaks it (ADR 053). */
export async function orderLocale(db: Db, purchaseId: string): Promise<ShopLocale> {
  const row = await db.selectFrom('purchases').select('locale').where('id', '=', purchaseId).executeTakeFirstOrThrow();
  return row.locale;
}

export function renderReceipt(purchase: PurchaseSuccessOut & { buyer_name: string | null }, locale: ShopLocale = 'en'): Promise<Buffer> {
  const words = mailWords(locale);
  const w = words.receipt;
  const money = words.money;
  const hqCountry = locale === 'en' ? BRAND.headquarters.country : 'Italia';
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: w.title(purchase.order_number), Author: BRAND.name } });
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
  doc.font('Regular').fontSize(9).fillColor('#555').text(`${hq.line1}, ${hq.postalCode} ${hq.city}, ${hqCountry} · ${BRAND.email}`);
  doc.moveDown(1.5).fillColor('#000').font('Bold').fontSize(16).text(w.heading);
  doc.font('Regular').fontSize(10);
  doc.text(w.orderNumber(purchase.order_number));
  doc.text(w.date(pdfDayFormat[locale].format(new Date(purchase.created_at))));
  doc.text(w.status(w.statuses[purchase.status.trim().toLowerCase()] ?? purchase.status));
  doc.text(printable(w.buyer([purchase.buyer_name, purchase.customer_email].filter(Boolean).join(' · '))));

  writeAddresses(doc, purchase, locale);

  doc.moveDown(1.5).font('Bold');
  const row = ([item, ...figures]: [string, string, string, string], bold = false) =>
    pdfTableRow(doc, RECEIPT_COLUMNS, [printable(item), ...figures], { bold });
  row(w.columns, true);
  for (const item of purchase.items) {
    const options = item.variant_attributes.map((option) => optionLine(option, locale)).join(', ') || item.variant;
    const refunded = item.refunded_quantity ? ` · ${w.refundedUnits(item.refunded_quantity)}` : '';
    row([
      `${item.name}\n${options}${options ? ' · ' : ''}${w.sku(item.sku)}${refunded}`,
      String(item.quantity),
      money(item.price),
      money(item.subtotal),
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
  total(w.subtotal, money(purchase.subtotal));
  total(w.shipping, purchase.shipping_cost === 0 ? w.free : money(purchase.shipping_cost));
  if (purchase.discount > 0) total(w.discount(purchase.discount_code ?? null), `-${money(purchase.discount)}`);
  else if (purchase.discount_code) total(w.discount(purchase.discount_code), w.freeShipping);
  total(w.total, money(purchase.total), true);
  total(w.vat, money(purchase.tax));
  // Lines paid by a gift card or store credit, and what the card payment was (ADR 052).
  const balances = giftCardWords(locale).receipt;
  const byCard = purchase.gift_card_amount ?? 0;
  const byCredit = purchase.store_credit_amount ?? 0;
  if (byCard > 0) total(balances.giftCard(purchase.gift_card_last4 ?? ''), `-${money(byCard)}`);
  if (byCredit > 0) total(balances.storeCredit, `-${money(byCredit)}`);
  if (byCard + byCredit > 0) total(balances.paidByCard, money(purchase.total - byCard - byCredit));
  const refunded = purchase.refunded_total ?? 0;
  if (refunded > 0) {
    doc.moveDown(0.5);
    total(w.refunded, `-${money(refunded)}`);
    total(w.paidAfterRefunds, money(purchase.total - refunded), true);
  }

  doc
    .moveDown(2)
    .font('Regular')
    .fontSize(10)
    .text(w.paymentMethod(words.paymentMethod(purchase.payment_method)), 50);
  doc.moveDown().fontSize(8).fillColor('#555').text(w.footer, 50);
  doc.end();
  return done;
}
