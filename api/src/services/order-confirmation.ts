import type { Selectable } from 'kysely';

import { addressLines } from '@contract/address';
import type { PurchaseSuccessAnswer } from '@contract/api/orders';
import { optionText } from '@contract/options';
import { orderNumber } from '@contract/order-number';
import { CART_RULES } from '@contract/shop-rules';
import { withdrawalEmailParagraphs } from '@contract/withdrawal';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AppConfig } from '../deps.js';
import { cardsUnlockedBy } from './cards.js';
import { type RenderedEmail, renderEmail } from './mail-templates.js';
import { type MailWords, mailWords } from './mail-words.js';
import { returnLink } from './returns/links.js';

/** The Purchase-success answer (contract/api/orders.ts); amounts in cents. */
export type PurchaseSuccessOut = PurchaseSuccessAnswer;
export type PurchaseItemOut = PurchaseSuccessAnswer['items'][number];

export async function getPurchase(db: Db, id: string) {
  return db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The purchase a checkout session became, if it has been paid. */
export async function purchaseOfSession(db: Db, checkoutSessionId: string) {
  return db.selectFrom('purchases').selectAll().where('checkout_session_id', '=', checkoutSessionId).executeTakeFirst();
}

/** A purchase as the success page shows it; `purchaseIntentId` is the id the page was opened with. */
export async function loadPurchaseSuccess(db: Db, purchaseId: string, purchaseIntentId: string): Promise<PurchaseSuccessOut | null> {
  const purchase = await getPurchase(db, purchaseId);
  if (!purchase) return null;
  const [items, unlocked] = await Promise.all([
    db.selectFrom('purchase_items').selectAll().where('purchase_id', '=', purchaseId).orderBy('position').execute(),
    // The cards as they are now (paths, colours), with what the purchase recorded as the fallback.
    cardsUnlockedBy(db, purchaseId),
  ]);
  return purchaseSuccessOf(purchase, items, unlocked, purchaseIntentId);
}

type PurchaseRow = NonNullable<Awaited<ReturnType<typeof getPurchase>>>;
type PurchaseItemRow = Selectable<Database['purchase_items']>;

/** The Purchase-success answer from rows already read: the purchase, its lines in order and the cards it unlocked. */
export function purchaseSuccessOf(
  purchase: PurchaseRow,
  items: PurchaseItemRow[],
  unlocked: Awaited<ReturnType<typeof cardsUnlockedBy>>,
  purchaseIntentId: string,
): PurchaseSuccessOut {
  const delivery = new Date(purchase.created_at.getTime() + CART_RULES.estimatedDeliveryDays * 24 * 60 * 60_000);
  return {
    purchase_id: purchase.id,
    purchase_intent_id: purchaseIntentId,
    order_number: orderNumber(purchase.id, purchase.created_at),
    date: purchase.created_at.toISOString(),
    created_at: purchase.created_at.toISOString(),
    subtotal: purchase.subtotal,
    shipping_cost: purchase.shipping_cost,
    tax: purchase.tax,
    discount: purchase.discount,
    discount_code: purchase.discount_code,
    total: purchase.total,
    refunded_total: purchase.refunded_total,
    // What a gift card and store credit paid (ADR 052); only on orders they paid part of.
    ...(purchase.gift_card_amount > 0 ? { gift_card_amount: purchase.gift_card_amount, gift_card_last4: purchase.gift_card_last4 } : {}),
    ...(purchase.store_credit_amount > 0 ? { store_credit_amount: purchase.store_credit_amount } : {}),
    status: purchase.status,
    estimated_delivery: delivery.toISOString(),
    items: items.map((item) => ({
      product_id: item.product_id,
      variant_id: item.variant_id,
      name: item.name,
      sku: item.sku,
      variant: item.variant_description,
      variant_attributes: item.variant_attributes,
      quantity: item.quantity,
      price: item.unit_price,
      subtotal: item.unit_price * item.quantity,
      refunded_quantity: item.refunded_quantity,
    })),
    shipping_address: purchase.shipping_address,
    billing_address: purchase.billing_address,
    payment_method: purchase.payment_method || CART_RULES.defaultPaymentMethod,
    customer_email: purchase.email,
    email: purchase.email,
    first_time_purchase_info: {
      ...purchase.first_time_purchase_info,
      unlocked_cards: unlocked.length ? unlocked : (purchase.first_time_purchase_info.unlocked_cards ?? []),
    },
  };
}

/** The confirmation sent to the buyer once a purchase is made, in the language it was checked out in. */
export async function purchaseConfirmationEmail(
  db: Db,
  purchaseId: string,
  config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>,
): Promise<(RenderedEmail & { to: string }) | null> {
  const { storefrontUrl } = config;
  const purchase = await loadPurchaseSuccess(db, purchaseId, purchaseId);
  if (!purchase) return null;
  const buyer = await db
    .selectFrom('purchases')
    .innerJoin('users', 'users.id', 'purchases.user_id')
    .select(['users.user_type', 'purchases.locale'])
    .where('purchases.id', '=', purchaseId)
    .executeTakeFirst();
  const locale = buyer?.locale ?? 'en';
  const words = mailWords(locale);
  const w = words.confirmation;
  const registered = buyer?.user_type === 'registered';
  const link = (path: string) => new URL(path, storefrontUrl).toString();
  const goods = purchase.items.map((item) => {
    const options = item.variant_attributes.map(optionText).join(' / ');
    return `${item.quantity} × ${item.name}${options ? ` (${options})` : ''}`;
  });
  const lines = purchase.items.map((item, index) => `${goods[index]}, ${item.sku}: ${words.money(item.subtotal)}`);
  const address = purchase.shipping_address;
  const rendered = renderEmail({
    subject: w.subject(purchase.order_number),
    heading: w.heading,
    paragraphs: [
      w.received(purchase.order_number),
      ...lines,
      w.totals({
        subtotal: words.money(purchase.subtotal),
        shipping: purchase.shipping_cost === 0 ? null : words.money(purchase.shipping_cost),
        total: words.money(purchase.total),
        vat: words.money(purchase.tax),
      }),
      ...(address?.line1 ? [w.deliveryTo(addressLines(address, locale).join(', '))] : []),
      w.estimated(words.day(purchase.estimated_delivery)),
      ...cardLines(
        purchase.first_time_purchase_info.unlocked_cards.map((card) => card.name),
        w,
      ),
      // Registered buyers find the order and its receipt in their account; a guest is invited to make one.
      registered
        ? w.receipt(link(`/orders/${encodeURIComponent(purchase.purchase_id)}/receipt`))
        : w.createAccount(link(words.page('/register'))),
      // The right of withdrawal (EU directive 2011/83): how, where, and the model form filled in.
      ...withdrawalEmailParagraphs(locale, returnLink(config, purchase.purchase_id, !registered, locale), {
        orderNumber: purchase.order_number,
        orderedOn: words.day(purchase.date),
        items: goods,
      }),
    ],
    action: registered
      ? { label: w.action, url: link(words.page(`/orders?order_id=${encodeURIComponent(purchase.order_number)}`)) }
      : undefined,
    locale,
  });
  return { to: purchase.email, ...rendered };
}

function cardLines(names: string[], w: MailWords['confirmation']): string[] {
  if (!names.length) return [];
  return [w.cards(names)];
}
