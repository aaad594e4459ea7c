import { addressLines } from '@contract/address';
import type { StaffMember } from '@contract/api/staff';
import { formatEuro } from '@contract/money';
import { optionText } from '@contract/options';
import { shopClock, shopDay } from '@contract/shop-time';

import type { OrderRow } from '../services/fulfilment.js';
import type { OutboxEntry } from '../services/mail.js';
import type { StockRow } from '../services/stock.js';
import type { OrderDetail } from './backend.js';

export function printStock(rows: StockRow[]) {
  const width = Math.max(3, ...rows.map((r) => r.sku.length));
  const productWidth = Math.max(7, ...rows.map((r) => r.product_name.length));
  console.log(`${'SKU'.padEnd(width)}  ${'PRODUCT'.padEnd(productWidth)}  STOCK`);
  for (const row of rows) {
    console.log(`${row.sku.padEnd(width)}  ${row.product_name.padEnd(productWidth)}  ${String(row.stock_quantity).padStart(5)}`);
  }
}

export function printOrders(rows: OrderRow[]) {
  if (rows.length === 0) {
    console.log('No orders yet.');
    return;
  }
  for (const row of rows) {
    const tracking = row.tracking_number ? `  ${row.carrier} ${row.tracking_number}` : '';
    console.log(`${row.order_number}  ${shopDay(row.date)}  ${row.status.padEnd(10)}  ${row.total.padStart(10)}  ${row.email}${tracking}`);
  }
}

/** One order as the owner packs it: each line's options in the catalogue's words ("Signal red / Large to extra large"). */
export function printOrder(order: OrderDetail) {
  console.log(`${order.order_number}  ${order.status ?? ''}  ${order.created_at ? shopDay(order.created_at) : ''}`);
  console.log(`Buyer: ${order.customer_email ?? order.email ?? ''}`);
  for (const item of order.items ?? []) {
    const options = (item.variant_attributes ?? []).map(optionText).join(' / ');
    console.log(`  ${item.quantity} × ${item.name}${options ? ` (${options})` : ''}  ${item.sku ?? ''}`);
  }
  console.log(`Total: ${formatEuro(order.total)} (shipping ${formatEuro(order.shipping_cost ?? 0)})`);
  const address = addressLines(order.shipping_address);
  console.log(address.length ? `Deliver to:\n${address.map((line) => `  ${line}`).join('\n')}` : 'Deliver to: no address on this order');
  if (order.tracking_number) console.log(`Shipped with ${order.carrier}: ${order.tracking_number}`);
  for (const note of order.notes ?? []) console.log(`Note (${note.author}, ${shopClock(note.created_at)}): ${note.body}`);
}

export function printStaff(members: StaffMember[]) {
  if (members.length === 0) {
    console.log('Nobody on the staff yet. Add the first owner with: staff add <email> --role owner');
    return;
  }
  for (const member of members)
    console.log(`${member.email}  ${member.role}${member.has_password ? '' : '  (has not chosen a password yet)'}`);
}

/**
 * The newest mail (to one address, with --to) and its text, where sign-in codes are, and how many
 * older ones there are; with --all every one the outbox answers, newest first.
 */
export function printMail(messages: OutboxEntry[], { to, all }: { to?: string; all: boolean }) {
  if (messages.length === 0) {
    console.log('No mail yet.');
    return;
  }
  const shown = all ? messages : messages.slice(0, 1);
  for (const message of shown) {
    console.log(`${shopClock(message.created_at)}  to ${message.to}  ${message.subject}`);
    console.log(`${message.text.trim().replace(/^/gm, '    ')}\n`);
  }
  const older = messages.length - shown.length;
  if (older > 0)
    console.log(
      `(${older} older message${older === 1 ? '' : 's'}${to ? ` to ${to}` : ''}: add --all to see ${older === 1 ? 'it' : 'them'})`,
    );
}
