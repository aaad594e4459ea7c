import { randomUUID } from 'node:crypto';

import { formatGiftCardCode } from '@contract/gift-cards';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../db/database.js';
import type { GiftRecipient } from '../db/schema.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { giftCardWords } from './gift-card-words.js';
import { issueGiftCard } from './gift-cards.js';
import { renderEmail } from './mail-templates.js';
import { ORDER_MAIL_JOB } from './order-mail.js';

/**
 * Gift cards as products (ADR 052): the owner's fixed amounts are the variants of a product marked
 * gift_card, sold from /gift-cards (never in the catalogue or the cart), without shipping or drop
 * limits. They have no stock: theirs is not counted (null, migration 040), so no checkout takes any.
 */
export async function createGiftCardProduct(deps: Pick<AppDeps, 'db' | 'clock'>, input: { name: string; amounts: number[] }, actor: Actor) {
  const now = deps.clock.now();
  const amounts = [...new Set(input.amounts)].sort((a, b) => a - b);
  return inTransaction(deps.db, async (trx) => {
    const taken = await trx.selectFrom('products').select('id').where('name', '=', input.name).executeTakeFirst();
    if (taken) throw new DomainError('already_exists', `A product named ${input.name} already exists`);
    const product = await trx
      .insertInto('products')
      .values({ name: input.name, price: amounts[0], launch_date: now, gift_card: true, short_description: 'Gift card' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    await trx
      .insertInto('product_variants')
      .values(
        amounts.map((amount, position) => ({
          product_id: product.id,
          sku: `GIFT-${suffix}-${amount / 100}`,
          description: `€${(amount / 100).toFixed(amount % 100 ? 2 : 0)}`,
          price: amount,
          stock_quantity: null,
          position,
        })),
      )
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'gift_card_product.create',
      subject_type: 'product',
      subject_id: product.id,
      after: { name: input.name, amounts },
    });
    return product.id;
  });
}

/** The gift-card products on sale, each with its amounts (cheapest first). */
export async function listGiftCardProducts(db: Db) {
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_variants as v', 'v.product_id', 'p.id')
    .select(['p.id as product_id', 'p.name', 'v.id as variant_id', 'v.price'])
    .where('p.gift_card', '=', true)
    .where('p.archived_at', 'is', null)
    .orderBy('p.name')
    .orderBy('v.price')
    .execute();
  const products = new Map<string, { id: string; name: string; amounts: { variant_id: string; amount: number }[] }>();
  for (const row of rows) {
    const product = products.get(row.product_id) ?? { id: row.product_id, name: row.name, amounts: [] };
    product.amounts.push({ variant_id: row.variant_id, amount: row.price });
    products.set(row.product_id, product);
  }
  return [...products.values()];
}

/** Whether a variant is a gift card's amount on sale now; anything else is not found here. */
export async function requireGiftCardVariant(db: Db, variantId: string): Promise<void> {
  const found = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select('v.id')
    .where('v.id', '=', variantId)
    .where('p.gift_card', '=', true)
    .where('p.archived_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw new DomainError('not_found', 'Gift card not found');
}

type PaidSession = { id: string; email: string; locale: ShopLocale; gift: GiftRecipient | null };
type PaidLine = { unit_price: number; quantity: number; gift_card: boolean };

/** Queues an email as the order-mail job runner sends it, at `runAt` (a present's send date). */
async function queueMailAt(
  trx: Trx,
  runAt: Date,
  now: Date,
  purchaseId: string,
  message: { to: string; subject: string; text: string; html: string },
) {
  const job = await trx
    .insertInto('jobs')
    .values({
      kind: ORDER_MAIL_JOB,
      key: `${ORDER_MAIL_JOB}:${randomUUID()}`,
      payload: JSON.stringify({ purchase_id: purchaseId, subject_type: 'order', ...message }),
      run_at: runAt,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}

/**
 * Issues the cards an order bought, in its transaction, and queues their emails: the buyer's now (with
 * every code), the recipient's on the send date, in the recipient's language when they have an account
 * here, else the language the buyer bought in. Answers the jobs to send after the commit (those due now).
 */
export async function issuePurchasedGiftCards(trx: Trx, now: Date, session: PaidSession, purchaseId: string, lines: PaidLine[]) {
  const amounts = lines.filter((line) => line.gift_card).flatMap((line) => Array<number>(line.quantity).fill(line.unit_price));
  if (amounts.length === 0) return [];
  const recipient = session.gift;
  const sendAt = recipient ? new Date(recipient.send_at) : now;
  const recipientLocale = recipient
    ? ((await trx.selectFrom('users').select('locale').where('email', '=', recipient.email).executeTakeFirst())?.locale ?? session.locale)
    : session.locale;
  const issued = [];
  for (const amount of amounts) {
    const card = await issueGiftCard(trx, now, {
      amount,
      issuedBy: 'order',
      purchaseId,
      recipient: recipient ? { name: recipient.name, email: recipient.email, message: recipient.message, sendAt } : null,
      locale: recipientLocale,
    });
    issued.push({ amount, code: formatGiftCardCode(card.code) });
  }
  const buyerWords = giftCardWords(session.locale);
  const buyer = renderEmail({ ...buyerWords.buyerEmail(issued, recipient), locale: session.locale });
  const jobs = [await queueMailAt(trx, now, now, purchaseId, { to: session.email, ...buyer })];
  if (recipient) {
    const words = giftCardWords(recipientLocale);
    for (const card of issued) {
      const message = renderEmail({ ...words.recipientEmail(card, recipient), locale: recipientLocale });
      const job = await queueMailAt(trx, sendAt > now ? sendAt : now, now, purchaseId, { to: recipient.email, ...message });
      if (sendAt <= now) jobs.push(job);
    }
  }
  return jobs;
}
