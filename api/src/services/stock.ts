import { sql } from 'kysely';
import type { z } from 'zod';

import type { restockAnswerSchema, stockListSchema } from '@contract/api/admin';
import { type ShopLocale, shopPagePath } from '@contract/locale';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';
import { stockNotCounted } from './stock-counted.js';

export type StockRow = z.infer<typeof stockListSchema>[number];
export type RestockResult = z.infer<typeof restockAnswerSchema>;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Every variant with its stock, by product and position, and beside it what open checkouts hold, what
 * sold in the last 30 days and how many back-in-stock requests wait (for the variant, or for its
 * product as a whole). One statement; each figure is an indexed aggregate per variant. Variants whose
 * stock is not counted (gift cards) have none to list.
 */
export async function listStock(db: Db, now: Date): Promise<StockRow[]> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  return db
    .selectFrom('product_variants as v')
    .innerJoin('products', 'products.id', 'v.product_id')
    .select((eb) => [
      'v.sku',
      'products.name as product_name',
      'v.description',
      'v.stock_quantity',
      eb
        .selectFrom('checkout_session_items as held')
        .innerJoin('checkout_sessions as session', 'session.id', 'held.checkout_session_id')
        .select(sql<number>`coalesce(sum(held.quantity), 0)::int`.as('n'))
        .whereRef('held.variant_id', '=', 'v.id')
        .where('session.status', '=', 'open')
        .where('session.expires_at', '>', now)
        .as('reserved'),
      eb
        .selectFrom('purchase_items as sold')
        .innerJoin('purchases', 'purchases.id', 'sold.purchase_id')
        .select(sql<number>`coalesce(sum(sold.quantity), 0)::int`.as('n'))
        .whereRef('sold.variant_id', '=', 'v.id')
        .where('purchases.created_at', '>', since)
        .as('sold_30_days'),
      eb
        .selectFrom('wishlist_entries as wish')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('wish.notified_at', 'is', null)
        .where((w) =>
          w.or([
            w('wish.product_variant_id', '=', w.ref('v.id')),
            w.and([w('wish.product_variant_id', 'is', null), w('wish.product_id', '=', w.ref('v.product_id'))]),
          ]),
        )
        .as('waiting'),
    ])
    .where('v.stock_quantity', 'is not', null)
    .orderBy('products.name')
    .orderBy('v.position')
    .execute() as Promise<StockRow[]>;
}

/** The storefront page of a product in a language, with the variant's options preselected when there is one. */
export function productPageUrl(
  storefrontUrl: string,
  productName: string,
  attributes: { attribute_name: string; value: string }[] = [],
  locale: ShopLocale = 'en',
): string {
  const url = new URL(shopPagePath(`/product/${encodeURIComponent(productName)}`, locale), storefrontUrl);
  for (const a of attributes) url.searchParams.set(a.attribute_name, a.value);
  return url.toString();
}

type RestockDeps = Pick<AppDeps, 'db' | 'mail' | 'clock' | 'log' | 'onCatalogueChange'> & { config: Pick<AppConfig, 'storefrontUrl'> };

export type StockChange = Awaited<ReturnType<typeof addStockIn>>;

/**
 * Adds units to a variant inside the caller's transaction (the row is locked until it commits). When
 * the stock comes back from 0, the pending wishlist entries for the variant or its product are claimed
 * here, so two changes at once never email the same entry twice; `sendBackInStock` mails them after.
 * Null when there is no such variant, or its stock is not counted (a gift card's: nothing comes back).
 */
export async function addStockIn(trx: Db, now: Date, where: { sku: string } | { variantId: string }, quantity: number) {
  const select = trx.selectFrom('product_variants').select(['id', 'sku', 'product_id', 'description', 'stock_quantity']);
  const found = await ('sku' in where ? select.where('sku', '=', where.sku) : select.where('id', '=', where.variantId))
    .forUpdate()
    .executeTakeFirst();
  if (!found || found.stock_quantity === null) return null;
  const variant = { ...found, stock_quantity: found.stock_quantity };
  const updated = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', quantity) }))
    .where('id', '=', variant.id)
    // Counted stock (checked above) stays a number.
    .returning(sql<number>`stock_quantity`.as('stock_quantity'))
    .executeTakeFirstOrThrow();
  const product = await trx
    .selectFrom('products')
    .select(['name', 'launch_date'])
    .where('id', '=', variant.product_id)
    .executeTakeFirstOrThrow();
  // A drop stocked before its launch is not 'back': its list hears from the launch email (services/drops.ts).
  const backInStock = variant.stock_quantity === 0 && updated.stock_quantity > 0 && new Date(product.launch_date) <= now;
  const claimed = backInStock
    ? await trx
        .updateTable('wishlist_entries')
        .set({ notified_at: now })
        .where('notified_at', 'is', null)
        .where((eb) => eb.or([eb('product_variant_id', '=', variant.id), eb('product_id', '=', variant.product_id)]))
        .returning(['id', 'email', 'product_variant_id', 'locale'])
        .execute()
    : [];
  return { variant, product, previous: variant.stock_quantity, current: updated.stock_quantity, claimed };
}

/** One back-in-stock email per claimed entry; an entry whose email fails is unclaimed for the next restock. Returns who was mailed. */
export async function sendBackInStock(
  deps: Omit<RestockDeps, 'clock' | 'onCatalogueChange'>,
  change: NonNullable<StockChange>,
): Promise<string[]> {
  const { db } = deps;
  const attributes = change.claimed.some((entry) => entry.product_variant_id)
    ? await db
        .selectFrom('variant_attributes')
        .select(['attribute_name', 'value'])
        .where('variant_id', '=', change.variant.id)
        .orderBy('order')
        .execute()
    : [];
  const notified: string[] = [];
  for (const entry of change.claimed) {
    const url = productPageUrl(deps.config.storefrontUrl, change.product.name, entry.product_variant_id ? attributes : [], entry.locale);
    const what = entry.product_variant_id ? change.variant.description : change.product.name;
    // In the language the shopper asked in.
    const w = mailWords(entry.locale).backInStock;
    try {
      await deps.mail.send({
        to: entry.email,
        ...renderEmail({
          subject: w.subject(change.product.name),
          heading: w.heading(change.product.name),
          paragraphs: [w.available(what), w.hurry],
          action: { label: w.action, url },
          locale: entry.locale,
        }),
      });
      notified.push(entry.email);
    } catch (error) {
      await db.updateTable('wishlist_entries').set({ notified_at: null }).where('id', '=', entry.id).execute();
      deps.log.error(`back-in-stock email to ${entry.email} failed`, error);
    }
  }
  return notified;
}

/**
 * Adds `quantity` to a variant's stock. When the stock goes from 0 to above 0, every pending wishlist
 * entry for the variant or its product gets one back-in-stock email and is marked notified.
 */
export async function restockVariant(deps: RestockDeps, sku: string, quantity: number, actor: Actor): Promise<RestockResult> {
  if (!Number.isInteger(quantity) || quantity < 1) throw new DomainError('invalid_request', 'Quantity must be a whole number above 0');
  const { db, clock } = deps;

  const change = await inTransaction(db, async (trx) => {
    const change = await addStockIn(trx, clock.now(), { sku }, quantity);
    if (!change) {
      const uncounted = await trx.selectFrom('product_variants').select('sku').where('sku', '=', sku).executeTakeFirst();
      throw uncounted ? stockNotCounted(sku) : new DomainError('not_found', `No variant with SKU ${sku}`);
    }
    await recordAudit(trx, clock.now(), actor, {
      action: 'stock.restock',
      subject_type: 'variant',
      subject_id: sku,
      before: { stock_quantity: change.previous },
      after: { stock_quantity: change.current },
    });
    return change;
  });

  const notified = await sendBackInStock(deps, change);
  await deps.onCatalogueChange?.();
  return { sku, product_name: change.product.name, previous_quantity: change.previous, stock_quantity: change.current, notified };
}
