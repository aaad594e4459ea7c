import { sql } from 'kysely';

import type { Db } from '../../db/database.js';
import type { Trx } from '../../db/transaction.js';
import { DomainError } from '../../domain-error.js';
import { findVariant } from '../cart.js';
import { addToCart, type ShopperCart } from '../cart-lines.js';
import { LINK_PURPOSES, verifyLink } from '../signed-links.js';

/**
 * A reminder's link, followed on any device, signed in or not: the lines of the reminded cart, as it
 * is now, go into the visitor's cart (opened for them if they have none), each up to the quantity it
 * had and within today's stock; lines sold out since are left out and counted. The first opening is
 * noted on the reminder, and the visitor's cart remembers it, so the order that empties it counts as
 * recovered. The link works for EMAIL_LINK_DAYS days after it was sent: `link_expired` after.
 */
export async function restoreCart(
  db: Db,
  secret: string,
  token: string,
  now: Date,
  cart: { open(): Promise<ShopperCart> },
): Promise<{ restored: number; sold_out: number }> {
  const id = verifyLink(secret, LINK_PURPOSES.restoreCart, token);
  const reminder = id
    ? await db.selectFrom('cart_reminders').select(['id', 'cart_id', 'expires_at']).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!reminder?.cart_id) throw new DomainError('not_found', 'This link is not valid: it may be incomplete, or the cart is gone.');
  if (reminder.expires_at <= now)
    throw new DomainError('link_expired', 'This link has expired: a cart is kept for 7 days after its reminder.');
  const into = await cart.open();
  const target = into.cartId!;
  let restored = 0;
  let soldOut = 0;
  if (target !== reminder.cart_id) {
    const lines = await db
      .selectFrom('cart_items as i')
      .leftJoin('cart_items as held', (join) => join.onRef('held.variant_id', '=', 'i.variant_id').on('held.cart_id', '=', target))
      .select(['i.variant_id', 'i.quantity', sql<number>`coalesce(held.quantity, 0)`.as('held')])
      .where('i.cart_id', '=', reminder.cart_id)
      .orderBy('i.variant_id')
      .execute();
    for (const line of lines) {
      const variant = await findVariant(db, line.variant_id);
      const missing = line.quantity - line.held;
      // Stock that is not counted (null) covers whatever is missing.
      const quantity = !variant ? 0 : variant.stock_quantity === null ? missing : Math.min(missing, variant.stock_quantity);
      if (!variant || variant.archived_at || quantity <= 0) {
        if (missing > 0) soldOut += 1;
        continue;
      }
      try {
        await addToCart(db, target, variant, quantity, now);
        restored += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        soldOut += 1; // sold out, or the line limit met, between the read and the add
      }
    }
  } else {
    restored = (
      await db
        .selectFrom('cart_items')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('cart_id', '=', target)
        .executeTakeFirstOrThrow()
    ).n;
  }
  await db.updateTable('cart_reminders').set({ opened_at: now }).where('id', '=', reminder.id).where('opened_at', 'is', null).execute();
  await db.updateTable('carts').set({ restored_from: reminder.id }).where('id', '=', target).execute();
  return { restored, sold_out: soldOut };
}

/**
 * Inside the paid order's transaction: the reminder whose link filled the cart is marked recovered by
 * this order, once (a reminder recovers one order), and the cart forgets it.
 */
export async function markRecovered(trx: Trx, cartId: string, purchaseId: string, total: number, now: Date): Promise<void> {
  const cart = await trx.selectFrom('carts').select('restored_from').where('id', '=', cartId).executeTakeFirst();
  if (!cart?.restored_from) return;
  await trx
    .updateTable('cart_reminders')
    .set({ recovered_purchase_id: purchaseId, recovered_total: total, recovered_at: now })
    .where('id', '=', cart.restored_from)
    .where('recovered_purchase_id', 'is', null)
    .execute();
  await trx.updateTable('carts').set({ restored_from: null }).where('id', '=', cartId).execute();
}
