import type { Kysely } from 'kysely';

import type { Db } from '../db/database.js';
import type { Address, Database } from '../db/schema.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { releaseCodeUse } from './discounts.js';
import { releaseUnits } from './drops.js';
import { releaseBalances } from './gift-card-checkout.js';
import { type JobHandler, scheduleJob } from './jobs.js';

/**
 * A checkout session's life after it opened (ADR 017): closing it and giving back what it held, the
 * sweep of expired ones, reading it, and the row locks and stock claims every checkout takes in order.
 */

/** How a session that was never paid ends. */
export type ClosedStatus = 'expired' | 'cancelled' | 'declined';

/**
 * Gives back what a session reserved, once: only the call that moves it out of 'open' releases.
 * A session a provider still hosts (Stripe) is expired there too, by a scheduled job written in this
 * same transaction, unless the provider is the one that told us it ended.
 */
export async function releaseInTransaction(
  trx: Trx,
  sessionId: string,
  status: ClosedStatus,
  now: Date,
  options: { endedByProvider?: boolean } = {},
) {
  const closed = await trx
    .updateTable('checkout_sessions')
    .set({ status, closed_at: now })
    .where('id', '=', sessionId)
    .where('status', '=', 'open')
    .returning([
      'id',
      'discount_code_id',
      'email',
      'provider',
      'provider_session_id',
      'user_id',
      'gift_card_id',
      'gift_card_amount',
      'store_credit_amount',
    ])
    .executeTakeFirst();
  if (!closed) return false;
  await releaseBalances(trx, now, closed);
  const items = await reservedItems(trx, sessionId);
  for (const item of items) {
    await trx
      .updateTable('product_variants')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', item.quantity) }))
      .where('id', '=', item.variant_id)
      // Stock that is not counted was never taken.
      .where('stock_quantity', 'is not', null)
      .execute();
  }
  if (closed.discount_code_id) await releaseCodeUse(trx, closed.discount_code_id, closed.email);
  // Units claimed against a per-customer cap are the buyer's again to buy.
  const claims = await trx
    .selectFrom('checkout_session_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('checkout_sessions as s', 's.id', 'i.checkout_session_id')
    .select(['v.product_id', 's.email', (eb) => eb.fn.sum<number>('i.quantity').as('quantity')])
    .where('i.checkout_session_id', '=', sessionId)
    .where('i.limit_claimed', '=', true)
    .groupBy(['v.product_id', 's.email'])
    .orderBy('v.product_id')
    .execute();
  for (const claim of claims) await releaseUnits(trx, claim.product_id, claim.email, Number(claim.quantity));
  if (closed.provider !== 'test' && closed.provider_session_id && !options.endedByProvider) {
    await scheduleJob(trx, now, {
      kind: PROVIDER_EXPIRY_JOB,
      key: `${PROVIDER_EXPIRY_JOB}:${closed.id}`,
      runAt: now,
      payload: { provider_session_id: closed.provider_session_id },
    });
  }
  return true;
}

/**
 * Closes an open session as expired, cancelled or declined and releases its stock; false when it was
 * not open. `endedByProvider`: the provider told us (its session is over there already).
 */
export function closeCheckoutSession(
  db: Db,
  sessionId: string,
  status: ClosedStatus,
  now: Date,
  options: { endedByProvider?: boolean } = {},
): Promise<boolean> {
  return inTransaction(db, (trx) => releaseInTransaction(trx, sessionId, status, now, options));
}

export const PROVIDER_EXPIRY_JOB = 'provider-expiry';

/**
 * Expires at the provider a session the shop closed (replaced by the shopper's newer checkout, or past
 * its hold), so it can no longer be paid there. One that was paid meanwhile is not the provider's to
 * expire any more: its payment arrives and follows the rule for late payments (checkout-fulfilment.ts).
 */
export function checkoutJobHandlers(deps: Pick<AppDeps, 'payments'>): Record<string, JobHandler> {
  return {
    [PROVIDER_EXPIRY_JOB]: async (job) => {
      const providerSessionId = String(job.payload.provider_session_id ?? '');
      if (providerSessionId) await deps.payments.expireCheckout?.(providerSessionId);
    },
  };
}

/** Expires every open session past its time and releases its stock. Returns how many. */
export async function releaseExpiredSessions(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('checkout_sessions')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .limit(200)
    .execute();
  let released = 0;
  for (const { id } of due) if (await closeCheckoutSession(db, id, 'expired', now)) released += 1;
  return released;
}

/** The lines of a checkout session with their product names, as its payment page lists them. */
export function sessionLines(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('checkout_session_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.quantity', 'i.unit_price', 'p.name', 'v.sku', 'v.description', 'p.gift_card'])
    .where('i.checkout_session_id', '=', sessionId)
    .orderBy('p.name')
    .execute();
}

/**
 * The delivery address a payment page starts from: the one the buyer's last order went to, else
 * just their name (a registered buyer's); a guest's first order starts empty.
 */
export async function deliveryAddressFor(db: Kysely<Database>, userId: string): Promise<Address | null> {
  const [last, user] = await Promise.all([
    db
      .selectFrom('purchases')
      .select('shipping_address')
      .where('user_id', '=', userId)
      .where('shipping_address', 'is not', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirst(),
  ]);
  if (last?.shipping_address) return last.shipping_address;
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return name ? { name, line1: null, line2: null, city: null, state: null, postal_code: null, country: null } : null;
}

/** Our session by its id or the provider's; ids that are not UUIDs never reach a uuid column. */
export async function findCheckoutSession(db: Kysely<Database>, id: string) {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return db
    .selectFrom('checkout_sessions')
    .selectAll()
    .where((eb) => (isUuid ? eb.or([eb('id', '=', id), eb('provider_session_id', '=', id)]) : eb('provider_session_id', '=', id)))
    .executeTakeFirst();
}

/** What a checkout session holds in reserve, in a fixed order so concurrent sessions lock rows alike. */
export function reservedItems(trx: Trx, sessionId: string) {
  return trx
    .selectFrom('checkout_session_items')
    .select(['variant_id', 'quantity'])
    .where('checkout_session_id', '=', sessionId)
    .orderBy('variant_id')
    .execute();
}

/**
 * Locks variant rows in id order before a transaction changes several of them, so two transactions
 * that give back and take stock of the same variants wait for each other instead of deadlocking.
 */
export async function lockVariants(trx: Trx, variantIds: readonly string[]): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length < 2) return;
  // Stock that is not counted is never written: its rows need no lock.
  await trx
    .selectFrom('product_variants')
    .select('id')
    .where('id', 'in', ids)
    .where('stock_quantity', 'is not', null)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/** The same for discount codes: a checkout gives back its previous code's use and claims a new one. */
export async function lockCodes(trx: Trx, codeIds: readonly (string | null)[]): Promise<void> {
  const ids = [...new Set(codeIds.filter((id): id is string => id !== null))];
  if (ids.length < 2) return;
  await trx.selectFrom('discount_codes').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
}

/**
 * Takes `quantity` units of a variant if that many are there; never lets stock go below zero. Stock
 * that is not counted (a gift card's amount) is always there: nothing is taken, and its row is neither
 * written nor locked, so any number of checkouts buy it side by side.
 */
export async function takeStock(trx: Trx, variantId: string, quantity: number): Promise<boolean> {
  const taken = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity) }))
    .where('id', '=', variantId)
    .where('stock_quantity', '>=', quantity)
    .returning('id')
    .executeTakeFirst();
  if (taken) return true;
  const uncounted = await trx
    .selectFrom('product_variants')
    .select('id')
    .where('id', '=', variantId)
    .where('stock_quantity', 'is', null)
    .executeTakeFirst();
  return Boolean(uncounted);
}
