import type { ShopLocale } from '@contract/locale';
import { CART_RULES } from '@contract/shop-rules';
import { totalsFor } from '@contract/totals';

import type { UserRow } from '../auth/users.js';
import type { Address, GiftRecipient } from '../db/schema.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { lineLimitReached, notEnoughStock, optionsOf } from './cart.js';
import {
  closeCheckoutSession,
  deliveryAddressFor,
  lockCodes,
  lockVariants,
  releaseExpiredSessions,
  releaseInTransaction,
  takeStock,
} from './checkout-sessions.js';
import { applyToLines, categoriesOf, claimCodeUse, findCodeId, findUsableCode } from './discounts.js';
import { claimedUnits, claimUnits, isComingSoon, limitReached, noLongerSold, notLaunched } from './drops.js';
import { noteFunnel } from './funnel.js';
import { claimBalances, lockGiftCards } from './gift-card-checkout.js';
import { findUsableGiftCard } from './gift-cards.js';
import { noteCartActivity } from './reminders/activity.js';

export type { Trx };
export {
  checkoutJobHandlers,
  closeCheckoutSession,
  deliveryAddressFor,
  findCheckoutSession,
  lockVariants,
  PROVIDER_EXPIRY_JOB,
  releaseExpiredSessions,
  releaseInTransaction,
  reservedItems,
  sessionLines,
  takeStock,
} from './checkout-sessions.js';

export type CheckoutDeps = Pick<AppDeps, 'db' | 'clock' | 'payments' | 'mail' | 'log'> & {
  config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>;
};

export interface CheckoutRequestLine {
  variantId: string;
  quantity: number;
}

export interface OpenCheckoutInput {
  user: UserRow;
  kind: 'cart' | 'quick';
  cartId: string | null;
  cartTokenHash: string | null;
  lines: CheckoutRequestLine[];
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, unknown>;
  /**
   * A discount code to apply. Checked, worked out and its use claimed here, never taken from a form.
   * A code that cannot be used refuses the checkout with its reason, unless `lenient` (a quick
   * purchase with the code the shopper carries, for a product it may not cover): then it is left out.
   */
  discountCode?: { code: string; lenient: boolean } | null;
  /** Aborted when the caller went away (the storefront gave up waiting): the session is then released at once. */
  signal?: AbortSignal;
  /** The language the shopper checks out in: the order, its emails and its receipt speak it. */
  locale?: ShopLocale;
  /** A gift card's code: its balance pays what the discount leaves, up to all of it (ADR 052). */
  giftCardCode?: string | null;
  /** The buyer's store credit pays what the gift card leaves. */
  useStoreCredit?: boolean;
  /** For whom the gift cards bought here are (ADR 052); null or absent: for the buyer. */
  gift?: GiftRecipient | null;
  /** Where the goods go when balances pay it all (ADR 062): no payment page will ask. */
  shippingAddress?: Address | null;
}

/** What openCheckoutSession answers; `paid_in_full`: gift card or credit paid it all, no payment page (the route completes it). */
export interface OpenedCheckout {
  checkout_url: string;
  session_id: string;
  discount_applied: boolean;
  paid_in_full: boolean;
}

/** Stripe takes string metadata only, at most 500 characters a value. */
function flatMetadata(metadata: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata)
      .slice(0, 40)
      .map(([key, value]) => [key.slice(0, 40), (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, 500)]),
  );
}

/**
 * Reserves the stock of every line (conditional decrement, in variant order so concurrent sessions
 * never deadlock), records the session, and asks the payment provider for its page. The shopper's
 * earlier open session, if any, is cancelled and its stock released first (ADR 017).
 * A line the stock cannot cover refuses the whole checkout with a detail naming the product.
 */
export async function openCheckoutSession(deps: CheckoutDeps, input: OpenCheckoutInput): Promise<OpenedCheckout> {
  const { db, clock, payments } = deps;
  await releaseExpiredSessions(db, clock.now());
  const now = clock.now();
  const lines = [...input.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  const session = await inTransaction(db, (trx) => reserveAndRecord(trx, deps, input, lines, now));

  // Paid in full by a gift card and store credit: no payment page; the order is written by the caller (ADR 052).
  if (session.prepaid === session.total) {
    return {
      checkout_url: input.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
      session_id: session.id,
      discount_applied: session.discount_code !== null,
      paid_in_full: true,
    };
  }
  const opened = await openProviderPage(deps, input, session, now);
  // Nobody will see this payment page (a rush made the storefront give up waiting): the stock and any
  // claimed units go back now, not when the hold ends half an hour later.
  if (input.signal?.aborted) {
    await closeCheckoutSession(db, opened.session_id, 'cancelled', clock.now());
    deps.log.info(`checkout session ${opened.session_id} released: its caller went away before the answer`);
    throw new DomainError('upstream_unavailable', 'The checkout was abandoned before it opened');
  }
  // The funnel and the cart's reminder (issue 41); a hosted payment page is reached as the shopper is sent to it.
  const productIds = session.offered.map((line) => line.product_id);
  await noteCartActivity(deps, now, { step: 'checkout_started', productIds, cartId: input.cartId, userId: input.user.id });
  if (payments.name !== 'test') await noteFunnel(deps, now, 'payment_page', productIds);
  return opened;
}

/**
 * The checkout's transaction: the shopper's earlier session given back, every line's stock taken,
 * the discount, capped units, the session and its lines recorded, then the gift card and credit
 * claimed. Any refusal rolls all of it back.
 */
async function reserveAndRecord(trx: Trx, deps: CheckoutDeps, input: OpenCheckoutInput, lines: CheckoutRequestLine[], now: Date) {
  const requestedCard = await giveBackPrevious(trx, input, lines, now);
  const offered = await reserveLines(trx, lines, now);
  // Gift cards are bought with money only: no code, card or credit pays for them, and they ship nowhere (ADR 052).
  const buysGiftCards = offered.some((line) => line.gift_card);
  if (buysGiftCards && requestedCard) throw new DomainError('gift_card_not_allowed', 'A gift card cannot pay for another gift card.');
  const applied =
    input.discountCode && !buysGiftCards ? await claimDiscount(trx, input.discountCode, offered, input.user.email, now) : null;
  await claimCappedUnits(trx, offered, input.user.email);
  const created = await recordSession(trx, deps, input, { offered, applied, buysGiftCards }, now);
  // Discount codes apply before gift cards; the card pays first, then the buyer's credit.
  const prepaid = await claimBalances(trx, now, {
    sessionId: created.id,
    total: created.total,
    giftCardId: requestedCard?.id ?? null,
    userId: input.useStoreCredit && !buysGiftCards ? input.user.id : null,
  });
  // Nothing left to pay: no payment page will ask where the goods go. Without an address given or on
  // file the checkout is refused, and every claim above rolls back with it (ADR 062).
  if (prepaid === created.total && !input.shippingAddress && !(await knowsWhereTo(trx, input.user.id, offered))) {
    throw new DomainError(
      'delivery_address_required',
      'Nothing is left to pay, so no payment page will ask where your order goes: enter the delivery address.',
    );
  }
  return { ...created, offered, prepaid };
}

/**
 * One open session per shopper: the previous one's stock, code, card and credit are given back, with
 * every row locked in one order (ADR 043). Answers the gift card asked for, found and locked.
 */
async function giveBackPrevious(trx: Trx, input: OpenCheckoutInput, lines: CheckoutRequestLine[], now: Date) {
  // The user row is locked so parallel opens take turns (NO KEY, so a payment writing an order for
  // this user is not held up by it).
  await trx.selectFrom('users').select('id').where('id', '=', input.user.id).forNoKeyUpdate().executeTakeFirst();
  const previous = await trx
    .selectFrom('checkout_sessions')
    .select(['id', 'discount_code_id', 'gift_card_id'])
    .where('user_id', '=', input.user.id)
    .where('status', '=', 'open')
    .execute();
  // Rows are locked in one order everywhere (ADR 043): the variants given back and taken, then the codes.
  const givenBack = previous.length
    ? await trx
        .selectFrom('checkout_session_items')
        .select('variant_id')
        .where(
          'checkout_session_id',
          'in',
          previous.map((p) => p.id),
        )
        .execute()
    : [];
  await lockVariants(trx, [...givenBack.map((row) => row.variant_id), ...lines.map((line) => line.variantId)]);
  const requestedCode = input.discountCode ? await findCodeId(trx, input.discountCode.code) : null;
  await lockCodes(trx, [...previous.map((p) => p.discount_code_id), requestedCode]);
  // Then the gift cards, in id order, the one given back and the one asked for.
  const requestedCard = input.giftCardCode ? await findUsableGiftCard(trx, input.giftCardCode, now) : null;
  await lockGiftCards(trx, [...previous.map((p) => p.gift_card_id), requestedCard?.id ?? null]);
  for (const { id } of previous) await releaseInTransaction(trx, id, 'cancelled', now);
  return requestedCard;
}

/** Takes each line's stock (in variant order), refusing a line not sold, not launched, over its limit or short of stock. */
async function reserveLines(trx: Trx, lines: CheckoutRequestLine[], now: Date) {
  const offered = [];
  for (const line of lines) {
    const variant = await trx
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'v.id',
        'v.sku',
        'v.description',
        'v.price',
        'v.stock_quantity',
        'p.name',
        'p.id as product_id',
        'p.launch_date',
        'p.purchase_limit',
        'p.archived_at',
        'p.gift_card',
      ])
      .select((eb) => optionsOf(eb.ref('v.id')).as('options'))
      .where('v.id', '=', line.variantId)
      .executeTakeFirst();
    if (!variant) throw new DomainError('not_found', 'Product variant not found');
    if (variant.archived_at) throw noLongerSold(variant);
    // A drop is sold from its launch instant by this API's clock, whatever a page showed.
    if (isComingSoon(variant.launch_date, now)) throw notLaunched(variant);
    // Lines written before the line limit held are refused here rather than sold.
    if (line.quantity > CART_RULES.maxLineQuantity) throw lineLimitReached(variant);
    if (!(await takeStock(trx, line.variantId, line.quantity))) {
      // Read again: the first read may predate a concurrent reservation.
      const current = await trx
        .selectFrom('product_variants')
        .select('stock_quantity')
        .where('id', '=', variant.id)
        .executeTakeFirstOrThrow();
      throw notEnoughStock({ ...variant, stock_quantity: current.stock_quantity });
    }
    offered.push({ ...variant, quantity: line.quantity, limit_claimed: false });
  }
  return offered;
}

type ReservedLine = Awaited<ReturnType<typeof reserveLines>>[number];

/** Capped products: the units of this checkout are claimed for the buyer's email, all or none. */
async function claimCappedUnits(trx: Trx, offered: ReservedLine[], email: string) {
  const capped = new Map<string, { name: string; purchase_limit: number; quantity: number }>();
  for (const line of offered) {
    if (line.purchase_limit === null) continue;
    const entry = capped.get(line.product_id) ?? { name: line.name, purchase_limit: line.purchase_limit, quantity: 0 };
    entry.quantity += line.quantity;
    capped.set(line.product_id, entry);
    line.limit_claimed = true;
  }
  for (const [productId, product] of [...capped].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!(await claimUnits(trx, productId, email, product.quantity)))
      throw limitReached(product, await claimedUnits(trx, productId, email));
  }
}

/** The session row with its totals, and its lines with their discounts. */
async function recordSession(
  trx: Trx,
  deps: CheckoutDeps,
  input: OpenCheckoutInput,
  chosen: { offered: ReservedLine[]; applied: Awaited<ReturnType<typeof claimDiscount>>; buysGiftCards: boolean },
  now: Date,
) {
  const { offered, applied, buysGiftCards } = chosen;
  const { payments } = deps;
  const lineDiscounts = applied?.outcome.line_discounts ?? offered.map(() => 0);
  const totals = totalsFor(
    offered.reduce((sum, line) => sum + line.price * line.quantity, 0),
    {
      discount: applied?.outcome.discount ?? 0,
      freeShipping: (applied?.outcome.free_shipping ?? false) || offered.every((line) => line.gift_card),
    },
  );
  const created = await trx
    .insertInto('checkout_sessions')
    .values({
      provider: payments.name,
      kind: input.kind,
      user_id: input.user.id,
      cart_id: input.cartId,
      cart_token_hash: input.cartTokenHash,
      email: input.user.email,
      status: 'open',
      items_total: totals.subtotal,
      shipping_cost: totals.shipping_cost,
      tax: totals.tax,
      total: totals.total,
      discount_code_id: applied?.row.id ?? null,
      discount_code: applied?.row.code ?? null,
      discount: totals.discount,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      metadata: JSON.stringify(input.metadata),
      created_at: now,
      expires_at: new Date(now.getTime() + payments.holdMs),
      ...(input.locale ? { locale: input.locale } : {}),
      gift: buysGiftCards && input.gift ? JSON.stringify(input.gift) : null,
    })
    .returning(['id', 'shipping_cost', 'discount', 'discount_code', 'total'])
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('checkout_session_items')
    .values(
      offered.map((line, index) => ({
        checkout_session_id: created.id,
        variant_id: line.id,
        quantity: line.quantity,
        unit_price: line.price,
        limit_claimed: line.limit_claimed,
        discount: lineDiscounts[index],
      })),
    )
    .execute();
  return created;
}

/** Asks the payment provider for its page; a provider that fails closes the session and gives everything back. */
async function openProviderPage(
  deps: CheckoutDeps,
  input: OpenCheckoutInput,
  session: Awaited<ReturnType<typeof reserveAndRecord>>,
  now: Date,
): Promise<OpenedCheckout> {
  const { db, clock, payments } = deps;
  let opened: OpenedCheckout;
  try {
    const checkout = await payments.createCheckout({
      sessionId: session.id,
      email: input.user.email,
      lines: session.offered.map((line) => ({
        name: line.name,
        sku: line.sku,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.price,
      })),
      shippingCost: session.shipping_cost,
      discount: session.discount_code ? { code: session.discount_code, amount: session.discount } : null,
      prepaid: session.prepaid,
      shipsGoods: session.offered.some((line) => !line.gift_card),
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      metadata: flatMetadata({ ...input.metadata, user_id: input.user.id }),
      createdAt: now,
    });
    await db
      .updateTable('checkout_sessions')
      .set({ provider_session_id: checkout.providerSessionId })
      .where('id', '=', session.id)
      .execute();
    opened = { checkout_url: checkout.url, session_id: session.id, discount_applied: session.discount_code !== null, paid_in_full: false };
  } catch (error) {
    await closeCheckoutSession(db, session.id, 'cancelled', clock.now());
    deps.log.error(`payment provider ${payments.name} could not open a session`, error);
    throw new DomainError('upstream_unavailable', 'The payment provider is unavailable. Please try again.');
  }
  return opened;
}

type OfferedLine = { product_id: string; price: number; quantity: number };

/** Whether an order with nothing left to pay knows where it goes: gift cards go nowhere, goods to the buyer's last address. */
async function knowsWhereTo(trx: Trx, userId: string, offered: { gift_card: boolean }[]): Promise<boolean> {
  if (offered.every((line) => line.gift_card)) return true;
  return Boolean((await deliveryAddressFor(trx, userId))?.line1);
}

/** The code's discount on the offered lines, its use claimed in the checkout's transaction; null when a lenient code does not apply. */
async function claimDiscount(trx: Trx, request: { code: string; lenient: boolean }, offered: OfferedLine[], email: string, now: Date) {
  try {
    const row = await findUsableCode(trx, request.code);
    const categories = await categoriesOf(
      trx,
      offered.map((line) => line.product_id),
    );
    const outcome = applyToLines(
      row,
      offered.map((line) => ({
        product_id: line.product_id,
        category_ids: categories.get(line.product_id) ?? [],
        unit_price: line.price,
        quantity: line.quantity,
      })),
    );
    await claimCodeUse(trx, row, email, now);
    return { row, outcome };
  } catch (error) {
    if (request.lenient && error instanceof DomainError && error.code.startsWith('discount_')) return null;
    throw error;
  }
}
