import { sql } from 'kysely';
import type { z } from 'zod';

import type { customerDetailSchema, customerRowSchema } from '@contract/api/customers';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, actorName, recordAudit } from './audit.js';
import { listOrdersOf } from './fulfilment.js';

type CustomerRow = z.input<typeof customerRowSchema>;
type CustomerDetail = z.input<typeof customerDetailSchema>;

/** Customers with their order count, spend, last order and waiting requests; per-user aggregates in one statement. */
function customersQuery(db: Db) {
  return db.selectFrom('users as u').select((eb) => [
    'u.id',
    'u.email',
    'u.user_type',
    sql<string | null>`nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')`.as('name'),
    eb
      .selectFrom('purchases as p')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('p.user_id', '=', 'u.id')
      .as('orders'),
    eb
      .selectFrom('purchases as p')
      .select(sql<number>`coalesce(sum(p.total - p.refunded_total), 0)::int`.as('n'))
      .whereRef('p.user_id', '=', 'u.id')
      .as('total_spent'),
    eb
      .selectFrom('purchases as p')
      .select(sql<Date | null>`max(p.created_at)`.as('n'))
      .whereRef('p.user_id', '=', 'u.id')
      .as('last_order_at'),
    eb
      .selectFrom('wishlist_entries as w')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('w.email', '=', 'u.email')
      .where('w.notified_at', 'is', null)
      .as('waiting'),
    'u.phone',
    'u.address',
    'u.created_at',
  ]);
}

type Raw = Awaited<ReturnType<ReturnType<typeof customersQuery>['execute']>>[number];

function toRow(raw: Raw): CustomerRow {
  const lastOrder = raw.last_order_at as Date | string | null;
  return {
    id: raw.id,
    email: raw.email,
    user_type: raw.user_type,
    name: raw.name,
    orders: Number(raw.orders ?? 0),
    total_spent: Number(raw.total_spent ?? 0),
    last_order_at: lastOrder ? new Date(lastOrder).toISOString() : null,
    waiting: Number(raw.waiting ?? 0),
  };
}

/** Customers by their latest order (those who never bought last, newest first), found by email or name. */
export async function listCustomers(db: Db, query: { q?: string; limit: number; offset: number }): Promise<CustomerRow[]> {
  let select = customersQuery(db);
  const q = query.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) =>
      eb.or([
        eb(sql<string>`lower(u.email)`, 'like', pattern),
        eb(sql<string>`lower(concat_ws(' ', u.first_name, u.last_name))`, 'like', pattern),
      ]),
    );
  }
  const rows = await select
    .orderBy(sql`(select max(p.created_at) from purchases p where p.user_id = u.id)`, sql`desc nulls last`)
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map(toRow);
}

export async function customerDetail(db: Db, id: string): Promise<CustomerDetail> {
  const raw = await customersQuery(db).where('u.id', '=', id).executeTakeFirst();
  if (!raw) throw new DomainError('not_found', 'No such customer');
  const [orders, last, cards, wishlist, notes] = await Promise.all([
    listOrdersOf(db, id),
    db
      .selectFrom('purchases')
      .select('shipping_address')
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('user_cards')
      .innerJoin('cards', 'cards.id', 'user_cards.card_id')
      .select(['cards.name', 'user_cards.unlocked_at'])
      .where('user_cards.user_id', '=', id)
      .orderBy('user_cards.unlocked_at')
      .orderBy('cards.name')
      .execute(),
    db
      .selectFrom('wishlist_entries as w')
      .leftJoin('products', 'products.id', 'w.product_id')
      .leftJoin('product_variants', 'product_variants.id', 'w.product_variant_id')
      .select(['products.name as product_name', 'product_variants.description as variant', 'w.created_at', 'w.notified_at'])
      .where('w.email', '=', raw.email)
      .orderBy('w.created_at', 'desc')
      .execute(),
    db.selectFrom('customer_notes').select(['id', 'author', 'body', 'created_at']).where('user_id', '=', id).orderBy('seq').execute(),
  ]);
  return {
    customer: { ...toRow(raw), phone: raw.phone, address: raw.address, member_since: raw.created_at.toISOString() },
    orders,
    last_shipping_address: last?.shipping_address ?? null,
    cards: cards.map((card) => ({ name: card.name, unlocked_at: card.unlocked_at.toISOString() })),
    wishlist: wishlist.map((entry) => ({
      product_name: entry.product_name,
      variant: entry.variant,
      since: new Date(entry.created_at).toISOString(),
      notified: entry.notified_at !== null,
    })),
    notes: notes.map((note) => ({ ...note, created_at: note.created_at.toISOString() })),
  };
}

/** A staff note on a customer, written with its audit entry. */
export async function addCustomerNote(deps: Pick<AppDeps, 'db' | 'clock'>, customerId: string, body: string, actor: Actor) {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const customer = await trx.selectFrom('users').select('id').where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw new DomainError('not_found', 'No such customer');
    const note = await trx
      .insertInto('customer_notes')
      .values({ user_id: customerId, author: actorName(actor), body, created_at: now })
      .returning(['id', 'author', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, {
      action: 'customer.note',
      subject_type: 'customer',
      subject_id: customerId,
      after: { note: body },
    });
    return { ...note, created_at: note.created_at.toISOString() };
  });
}
