import { type Kysely, type Selectable, sql } from 'kysely';

import type { AdminDiscountCode, DiscountCodeRequest, DiscountQuote } from '@contract/api/discounts';
import {
  describeDiscount,
  DISCOUNT_MESSAGES,
  discountFor,
  type DiscountLine,
  type DiscountOutcome,
  type DiscountRefusal,
  normaliseDiscountCode,
} from '@contract/discounts';
import { formatLaunchTime } from '@contract/shop-time';
import { totalsFor } from '@contract/totals';

import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';

export type DiscountCodeRow = Selectable<Database['discount_codes']>;

/** A refusal with its own code and the shopper's message. */
export function refuseCode(reason: DiscountRefusal, row: Pick<DiscountCodeRow, 'code' | 'min_total' | 'starts_at'>): DomainError {
  switch (reason) {
    case 'discount_below_minimum':
      return new DomainError(reason, DISCOUNT_MESSAGES.discount_below_minimum(row.code, row.min_total));
    case 'discount_not_started':
      return new DomainError(
        reason,
        DISCOUNT_MESSAGES.discount_not_started(row.code, row.starts_at ? formatLaunchTime(row.starts_at) : undefined),
      );
    default:
      return new DomainError(reason, DISCOUNT_MESSAGES[reason](row.code));
  }
}

/** The code as stored, or discount_invalid: an unknown code and an inactive one read alike to a shopper. */
export async function findUsableCode(db: Kysely<Database>, raw: string): Promise<DiscountCodeRow> {
  const code = normaliseDiscountCode(raw);
  const row =
    code.length > 0 && code.length <= 64
      ? await db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst()
      : undefined;
  if (!row || !row.active) throw new DomainError('discount_invalid', DISCOUNT_MESSAGES.discount_invalid(code || raw.trim()));
  return row;
}

/** The id of a code as typed, whatever its state; null when there is none. */
export async function findCodeId(db: Kysely<Database>, raw: string): Promise<string | null> {
  const code = normaliseDiscountCode(raw);
  if (code.length === 0 || code.length > 64) return null;
  return (await db.selectFrom('discount_codes').select('id').where('code', '=', code).executeTakeFirst())?.id ?? null;
}

/** The code's own limits, the cart aside: its dates and its uses (all of them, and the customer's when known). */
export async function checkCodeLimits(db: Kysely<Database>, row: DiscountCodeRow, now: Date, email: string | null): Promise<void> {
  if (row.starts_at && now < new Date(row.starts_at)) throw refuseCode('discount_not_started', row);
  if (row.ends_at && now >= new Date(row.ends_at)) throw refuseCode('discount_expired', row);
  if (row.max_uses !== null && row.uses >= row.max_uses) throw refuseCode('discount_used_up', row);
  if (email && row.max_uses_per_customer !== null) {
    const used = await db
      .selectFrom('discount_code_customers')
      .select('uses')
      .where('discount_code_id', '=', row.id)
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if ((used?.uses ?? 0) >= row.max_uses_per_customer) throw refuseCode('discount_customer_used_up', row);
  }
}

/** What the code takes off these lines, or why it cannot: below its minimum, or none of the lines is one it applies to. */
export function applyToLines(row: DiscountCodeRow, lines: readonly DiscountLine[]): DiscountOutcome {
  const itemsTotal = lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  if (itemsTotal < row.min_total) throw refuseCode('discount_below_minimum', row);
  const outcome = discountFor(row, lines);
  if (outcome.eligible_total === 0) throw refuseCode('discount_not_applicable', row);
  return outcome;
}

/** A cart priced with a code (the cart's answer to "what would this code do"), or the reason it cannot be used. */
export async function quoteCode(
  db: Kysely<Database>,
  raw: string,
  now: Date,
  cartId: string | null,
  email: string | null,
): Promise<DiscountQuote> {
  const row = await findUsableCode(db, raw);
  await checkCodeLimits(db, row, now, email);
  const lines = cartId
    ? await db
        .selectFrom('cart_items as i')
        .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
        .select(['v.product_id', 'v.price', 'i.quantity'])
        .where('i.cart_id', '=', cartId)
        .orderBy('i.created_at')
        .execute()
    : [];
  const categories = await categoriesOf(
    db,
    lines.map((line) => line.product_id),
  );
  const outcome = applyToLines(
    row,
    lines.map((line) => ({
      product_id: line.product_id,
      category_ids: categories.get(line.product_id) ?? [],
      unit_price: line.price,
      quantity: line.quantity,
    })),
  );
  const totals = totalsFor(
    lines.reduce((sum, line) => sum + line.price * line.quantity, 0),
    { discount: outcome.discount, freeShipping: outcome.free_shipping },
  );
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    description: describeDiscount(row),
    free_shipping: outcome.free_shipping,
    ...totals,
  };
}

/** The categories of each product, for codes limited to categories. */
export async function categoriesOf(db: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, string[]>> {
  const byProduct = new Map<string, string[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .selectFrom('product_categories')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', [...new Set(productIds)])
    .execute();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row.category_id]);
  return byProduct;
}

/**
 * Claims one use of the code for a checkout, in its transaction: the count is raised only while the
 * code is active, in its dates and under its limit, and the customer's count only while under theirs,
 * each by one conditional statement, so concurrent checkouts can never pass either limit. A refused
 * claim says why; the caller's transaction then rolls back whatever was claimed.
 */
export async function claimCodeUse(trx: Kysely<Database>, row: DiscountCodeRow, email: string, now: Date): Promise<void> {
  const claimed = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', row.id)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning(['uses', 'max_uses_per_customer'])
    .executeTakeFirst();
  if (!claimed) {
    // Why: read again, since the first read may predate the change that refused it.
    const current = await trx.selectFrom('discount_codes').selectAll().where('id', '=', row.id).executeTakeFirst();
    if (!current || !current.active) throw refuseCode('discount_invalid', row);
    await checkCodeLimits(trx, current, now, null);
    throw refuseCode('discount_used_up', row);
  }
  const address = email.trim().toLowerCase();
  const limit = claimed.max_uses_per_customer;
  const customer = await trx
    .insertInto('discount_code_customers')
    .values({ discount_code_id: row.id, email: address, uses: 1 })
    .onConflict((oc) =>
      oc
        .columns(['discount_code_id', 'email'])
        .doUpdateSet((eb) => ({ uses: eb('discount_code_customers.uses', '+', 1) }))
        .where((eb) => (limit === null ? sql<boolean>`true` : eb('discount_code_customers.uses', '<', limit))),
    )
    .returning('uses')
    .executeTakeFirst();
  if (!customer || (limit !== null && customer.uses > limit)) {
    // The checkout may go on without the code (a lenient quick purchase): the use taken above goes back.
    await trx
      .updateTable('discount_codes')
      .set((eb) => ({ uses: eb('uses', '-', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw refuseCode('discount_customer_used_up', row);
  }
}

/** Gives back the use an unpaid checkout had claimed. */
export async function releaseCodeUse(trx: Kysely<Database>, codeId: string, email: string): Promise<void> {
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: sql<number>`greatest(${eb.ref('uses')} - 1, 0)` }))
    .where('id', '=', codeId)
    .execute();
  await trx
    .updateTable('discount_code_customers')
    .set((eb) => ({ uses: sql<number>`greatest(${eb.ref('uses')} - 1, 0)` }))
    .where('discount_code_id', '=', codeId)
    .where('email', '=', email.trim().toLowerCase())
    .execute();
}

/**
 * Claims again the use of a checkout that had given it back (it expired or was replaced) and was paid
 * afterwards, within the code's limits as they stand now: its total uses and this customer's. The
 * price was agreed when the checkout opened, so the code's dates and switch are not asked again.
 * False when a limit is reached: the payment is then given back, never an order past the limit.
 */
export async function reclaimCodeUse(trx: Kysely<Database>, codeId: string, email: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('max_uses_per_customer')
    .executeTakeFirst();
  if (!claimed) return false;
  const limit = claimed.max_uses_per_customer;
  const customer = await trx
    .insertInto('discount_code_customers')
    .values({ discount_code_id: codeId, email: email.trim().toLowerCase(), uses: 1 })
    .onConflict((oc) =>
      oc
        .columns(['discount_code_id', 'email'])
        .doUpdateSet((eb) => ({ uses: eb('discount_code_customers.uses', '+', 1) }))
        .where((eb) => (limit === null ? sql<boolean>`true` : eb('discount_code_customers.uses', '<', limit))),
    )
    .returning('uses')
    .executeTakeFirst();
  // A first use of a code whose limit is 0 per customer cannot happen (limits are at least 1).
  return Boolean(customer);
}

// The owner's side.

type AdminDeps = Pick<AppDeps, 'db' | 'clock'>;

function toAdminCode(row: DiscountCodeRow, now: Date): AdminDiscountCode {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const usable =
    row.active &&
    (!row.starts_at || new Date(row.starts_at) <= now) &&
    (!row.ends_at || new Date(row.ends_at) > now) &&
    (row.max_uses === null || row.uses < row.max_uses);
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    description: describeDiscount(row),
    min_total: row.min_total,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    uses: row.uses,
    product_ids: row.product_ids,
    category_ids: row.category_ids,
    active: row.active,
    usable,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listDiscountCodes(deps: AdminDeps) {
  const [rows, products, categories] = await Promise.all([
    deps.db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute(),
    deps.db.selectFrom('products').select(['id', 'name']).where('archived_at', 'is', null).orderBy('name').execute(),
    deps.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute(),
  ]);
  const now = deps.clock.now();
  return { codes: rows.map((row) => toAdminCode(row, now)), products, categories };
}

export async function getDiscountCode(deps: AdminDeps, id: string): Promise<AdminDiscountCode> {
  const row = await deps.db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'Discount code not found');
  return toAdminCode(row, deps.clock.now());
}

/** The products and categories a code is limited to must exist. */
async function checkTargets(db: Kysely<Database>, request: DiscountCodeRequest): Promise<void> {
  const [products, categories] = await Promise.all([
    request.product_ids.length ? db.selectFrom('products').select('id').where('id', 'in', request.product_ids).execute() : [],
    request.category_ids.length ? db.selectFrom('categories').select('id').where('id', 'in', request.category_ids).execute() : [],
  ]);
  if (products.length !== new Set(request.product_ids).size)
    throw new DomainError('invalid_request', 'One of the products chosen does not exist');
  if (categories.length !== new Set(request.category_ids).size)
    throw new DomainError('invalid_request', 'One of the categories chosen does not exist');
}

const taken = (error: unknown, code: string) => {
  const e = error as { code?: string } | null;
  return e?.code === '23505' ? new DomainError('already_exists', `The code ${code} exists already`) : error;
};

function columns(request: DiscountCodeRequest) {
  return {
    code: request.code,
    kind: request.kind,
    value: request.kind === 'free_shipping' ? 0 : request.value,
    min_total: request.min_total,
    starts_at: request.starts_at ? new Date(request.starts_at) : null,
    ends_at: request.ends_at ? new Date(request.ends_at) : null,
    max_uses: request.max_uses,
    max_uses_per_customer: request.max_uses_per_customer,
    product_ids: JSON.stringify([...new Set(request.product_ids)]),
    category_ids: JSON.stringify([...new Set(request.category_ids)]),
    active: request.active,
  };
}

export async function createDiscountCode(deps: AdminDeps, request: DiscountCodeRequest, actor: Actor): Promise<AdminDiscountCode> {
  const now = deps.clock.now();
  await checkTargets(deps.db, request);
  const row = await inTransaction(deps.db, async (trx) => {
    const created = await trx
      .insertInto('discount_codes')
      .values({ ...columns(request), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, actor, { action: 'discount.create', subject_type: 'discount', subject_id: created.id, after: request });
    return created;
  }).catch((error: unknown) => {
    throw taken(error, request.code);
  });
  return toAdminCode(row, now);
}

/**
 * Changes a code. Its use count stays; a total limit below the uses already counted is refused, since
 * those uses happened.
 */
export async function editDiscountCode(
  deps: AdminDeps,
  id: string,
  request: DiscountCodeRequest,
  actor: Actor,
): Promise<AdminDiscountCode> {
  const now = deps.clock.now();
  await checkTargets(deps.db, request);
  const row = await inTransaction(deps.db, async (trx) => {
    const before = await trx.selectFrom('discount_codes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Discount code not found');
    if (request.max_uses !== null && request.max_uses < before.uses) {
      throw new DomainError(
        'conflict',
        `The code has been used ${before.uses} times already: enter a total of at least ${before.uses}, or leave it empty`,
      );
    }
    const updated = await trx
      .updateTable('discount_codes')
      .set({ ...columns(request), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const { uses: _uses, created_at: _created, updated_at: _updated, ...kept } = before;
    await recordAudit(trx, now, actor, { action: 'discount.edit', subject_type: 'discount', subject_id: id, before: kept, after: request });
    return updated;
  }).catch((error: unknown) => {
    throw taken(error, request.code);
  });
  return toAdminCode(row, now);
}
