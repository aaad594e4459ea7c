import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

import { addressLines } from '@contract/address';
import { RETURN_WINDOW_DAYS } from '@contract/api/returns';
import { BULK_ORDERS_LIMIT, type PackingSlipsRequest } from '@contract/api/shipping';
import { BRAND } from '@contract/brand';
import { type ShopLocale, shopPagePath } from '@contract/locale';
import { optionLine } from '@contract/options';

import type { AppConfig, AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { loadPurchaseSuccess, type PurchaseSuccessOut } from '../order-confirmation.js';
import { findOrder } from '../order-reference.js';
import { type PdfColumn, pdfDayFormat, pdfTableRow, printable, RECEIPT_FONTS } from '../receipt-fonts.js';
import { PACKING_SLIP_WORDS } from './packing-slip-words.js';

/** The slip's table: the item with its options, its SKU, and the quantity on the right. */
const SLIP_COLUMNS: PdfColumn[] = [
  { x: 50, width: 300 },
  { x: 360, width: 120 },
  { x: 480, width: 65, align: 'right' },
];

/** The order number as a QR code, drawn as squares (sharp at any print size) with its quiet zone, top right. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  doc.save().fillColor('#000');
  for (let row = 0; row < modules.size; row += 1)
    for (let col = 0; col < modules.size; col += 1)
      if (modules.get(row, col)) doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
  doc.fill().restore();
}

/** One order's slip, on a page of its own. */
function writeSlip(doc: PDFKit.PDFDocument, order: PurchaseSuccessOut, locale: ShopLocale, ordersUrl: string): void {
  const w = PACKING_SLIP_WORDS[locale];
  drawQr(doc, order.order_number, 445, 40, 110);
  doc.font('Bold').fontSize(22).fillColor('#000').text(BRAND.name, 50, 50, { characterSpacing: 4 });
  doc.moveDown(0.5).fontSize(16).text(w.heading);
  doc.font('Regular').fontSize(11).text(w.orderNumber(order.order_number));
  doc.text(w.date(pdfDayFormat[locale].format(new Date(order.created_at))));

  doc.moveDown().font('Bold').text(w.deliverTo, 50, Math.max(doc.y, 160));
  const address = addressLines(order.shipping_address, locale);
  doc.font('Regular').text(printable(address.length ? address.join('\n') : w.noAddress));

  doc.moveDown(1.5);
  const row = ([item, sku, quantity]: [string, string, string], bold = false) =>
    pdfTableRow(doc, SLIP_COLUMNS, [printable(item), printable(sku), quantity], { bold, gap: 6 });
  row(w.columns, true);
  for (const item of order.items) {
    const options = item.variant_attributes.map((option) => optionLine(option, locale)).join(', ') || item.variant;
    row([options ? `${item.name}\n${options}` : item.name, item.sku, String(item.quantity)]);
  }

  doc.moveDown(2).font('Bold').fontSize(11).text(w.returnsHeading, 50);
  doc.font('Regular').fontSize(10);
  for (const paragraph of w.returns(RETURN_WINDOW_DAYS, ordersUrl)) doc.text(paragraph, 50).moveDown(0.3);
  doc.moveDown().fontSize(9).fillColor('#555').text(`${w.thanks} ${BRAND.email}`, 50).fillColor('#000');
}

/** An order to print and the language it was checked out in: its slip goes to the buyer in the parcel (ADR 053). */
export interface SlipOrder {
  order: PurchaseSuccessOut;
  locale: ShopLocale;
}

/** Packing slips for several orders as one PDF, one page each, in the order given, each in its order's language. */
export function renderPackingSlips(slips: SlipOrder[], locale: ShopLocale, storefrontUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    info: { Title: PACKING_SLIP_WORDS[locale].title, Author: BRAND.name },
  });
  doc.registerFont('Regular', RECEIPT_FONTS.regular);
  doc.registerFont('Bold', RECEIPT_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const base = storefrontUrl.replace(/\/$/, '');
  for (const slip of slips) {
    doc.addPage();
    writeSlip(doc, slip.order, slip.locale, `${base}${shopPagePath('/orders', slip.locale)}`);
  }
  doc.end();
  return done;
}

type SlipDeps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppConfig, 'storefrontUrl'> };

/** The ids of the orders asked for: the ones named (each once), or every order paid and not shipped, oldest first. */
async function chosenOrders(deps: SlipDeps, request: PackingSlipsRequest): Promise<string[]> {
  if ('orders' in request) {
    const ids: string[] = [];
    for (const reference of request.orders) {
      const { id } = await findOrder(deps.db, reference);
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  }
  const rows = await deps.db
    .selectFrom('purchases')
    .select('id')
    .where(sql<string>`lower(status)`, '=', 'processing')
    .orderBy('created_at')
    .orderBy('id')
    .limit(BULK_ORDERS_LIMIT)
    .execute();
  return rows.map((row) => row.id);
}

/** Each order's language (`purchases.locale`, English for orders made before it was recorded). */
async function orderLocales(deps: SlipDeps, ids: string[]): Promise<Map<string, ShopLocale>> {
  const rows = await deps.db.selectFrom('purchases').select(['id', 'locale']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.locale]));
}

/**
 * The packing slips of the chosen orders as one PDF (issue 42), each slip in its order's language
 * (it travels to the buyer), the document's title in the back office's; and the order numbers
 * printed. The printing is written to the audit log.
 */
export async function packingSlips(deps: SlipDeps, request: PackingSlipsRequest, actor: Actor, locale: ShopLocale = 'en') {
  const ids = await chosenOrders(deps, request);
  if (!ids.length) throw new DomainError('not_found', 'No paid orders are waiting to be shipped');
  const locales = await orderLocales(deps, ids);
  const loaded = await Promise.all(
    ids.map(async (id) => ({ order: await loadPurchaseSuccess(deps.db, id, id), locale: locales.get(id) ?? 'en' })),
  );
  const slips = loaded.filter((slip): slip is SlipOrder => slip.order !== null && slip.order !== undefined);
  const orders = slips.map((slip) => slip.order);
  const numbers = orders.map((order) => order.order_number);
  await recordAudit(deps.db, deps.clock.now(), actor, {
    action: 'orders.packing_slips',
    subject_type: 'orders',
    subject_id: 'all_to_ship' in request ? 'all-paid-not-shipped' : 'chosen',
    before: { statuses: Object.fromEntries(orders.map((order) => [order.order_number, order.status])) },
    after: { printed: numbers },
  });
  return { pdf: await renderPackingSlips(slips, locale, deps.config.storefrontUrl), orders: numbers };
}
