import { type Kysely, sql } from 'kysely';

import { formatLaunchTime } from '@contract/shop-time';

import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { cancelJob, type ClaimedJob, type JobHandler, scheduleJob } from './jobs.js';
import { renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';
import { productPageUrl } from './stock.js';

/**
 * Drops (ADR 028): a product whose launch date is ahead is shown as 'Coming soon' and cannot be put
 * in a cart or bought until the launch instant by the API's clock; its wishlist entries are the
 * launch list, mailed once by a scheduled job at that instant. An owner may cap the units one
 * customer (one email, guest or registered) buys of a product.
 */
export const LAUNCH_JOB = 'drop-launch';
export const LAUNCH_MAIL_JOB = 'launch-mail';

export const launchJobKey = (productId: string) => `${LAUNCH_JOB}:${productId}`;

export function isComingSoon(launchDate: Date | string, now: Date): boolean {
  return new Date(launchDate).getTime() > now.getTime();
}

export function notLaunched(product: { name: string; launch_date: Date | string }): DomainError {
  return new DomainError('not_launched', `${product.name} is not on sale yet: it launches on ${formatLaunchTime(product.launch_date)}`);
}

/** An archived product: out of the shop, so out of carts and checkouts too. */
export function noLongerSold(product: { name: string }): DomainError {
  return new DomainError('not_found', `${product.name} is no longer sold`);
}

/** The refusal of a capped product, as a shop says it: the cap, and what the shopper has already (in the cart, bought or being paid). */
export function limitReached(product: { name: string; purchase_limit: number }, already: number): DomainError {
  const have = already > 0 ? `; you already have ${already}` : '';
  return new DomainError('purchase_limit_reached', `${product.name} is limited to ${product.purchase_limit} per customer${have}`);
}

/** Units of a capped product an email holds: bought and in checkouts being paid (its claim). */
export async function claimedUnits(db: Kysely<Database>, productId: string, email: string): Promise<number> {
  const row = await db
    .selectFrom('purchase_limit_claims')
    .select('quantity')
    .where('product_id', '=', productId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

/** Makes the launch job of a product match its launch date: scheduled at it while it is ahead, none once it is past. */
export async function scheduleLaunch(db: Db, now: Date, product: { id: string; launch_date: Date | string }): Promise<void> {
  const launch = new Date(product.launch_date);
  if (isComingSoon(launch, now))
    await scheduleJob(db, now, { kind: LAUNCH_JOB, key: launchJobKey(product.id), runAt: launch, payload: { product_id: product.id } });
  else await cancelJob(db, launchJobKey(product.id));
}

/**
 * Units of a capped product this email has bought (claims, less what its open checkouts hold: a
 * new checkout gives those back first, so they do not stand in the way of a cart).
 */
export async function boughtUnits(db: Kysely<Database>, productId: string, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  const row = await db
    .selectFrom('purchase_limit_claims as c')
    .select(
      sql<number>`c.quantity - coalesce((
        select sum(i.quantity) from checkout_session_items i
        join checkout_sessions s on s.id = i.checkout_session_id
        join product_variants v on v.id = i.variant_id
        where s.status = 'open' and s.email = ${address} and v.product_id = ${productId} and i.limit_claimed), 0)::int`.as('quantity'),
    )
    .where('c.product_id', '=', productId)
    .where('c.email', '=', address)
    .executeTakeFirst();
  return Math.max(0, row?.quantity ?? 0);
}

/**
 * Claims `quantity` more units of a capped product for an email, in one statement: the claim is
 * written only while it stays within the cap, so parallel checkouts (tabs, carts, a guest and a
 * registered account of one email) cannot pass it together. False when the cap would be passed.
 */
export async function claimUnits(db: Kysely<Database>, productId: string, email: string, quantity: number): Promise<boolean> {
  const claimed = await db
    .insertInto('purchase_limit_claims')
    .columns(['product_id', 'email', 'quantity'])
    .expression((eb) =>
      eb
        .selectFrom('products')
        .select(['id', sql<string>`${email.trim().toLowerCase()}`.as('email'), sql<number>`${quantity}::int`.as('quantity')])
        .where('id', '=', productId)
        .where('purchase_limit', '>=', quantity),
    )
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'email'])
        .doUpdateSet((eb) => ({ quantity: eb('purchase_limit_claims.quantity', '+', eb.ref('excluded.quantity')) }))
        .where(
          (eb) => eb('purchase_limit_claims.quantity', '+', eb.ref('excluded.quantity')),
          '<=',
          sql<number>`(select purchase_limit from products where id = ${productId})`,
        ),
    )
    .returning('quantity')
    .executeTakeFirst();
  return Boolean(claimed);
}

/** Gives back units an open checkout had claimed (it expired, was cancelled or declined). */
export async function releaseUnits(db: Kysely<Database>, productId: string, email: string, quantity: number): Promise<void> {
  await db
    .updateTable('purchase_limit_claims')
    .set((eb) => ({ quantity: sql<number>`greatest(${eb.ref('quantity')} - ${quantity}, 0)` }))
    .where('product_id', '=', productId)
    .where('email', '=', email.trim().toLowerCase())
    .execute();
}

/**
 * Gives back, in the refund's transaction, the units a refund or cancellation takes out of an order
 * that were claimed against a per-customer cap: the buyer may buy them again. Only lines whose
 * checkout claimed (a cap set after the sale claimed nothing) give anything back.
 */
export async function releaseRefundedUnits(
  db: Kysely<Database>,
  purchaseId: string,
  lines: readonly { item_id: string; quantity: number }[],
): Promise<void> {
  if (!lines.length) return;
  const claimed = await db
    .selectFrom('purchase_items as pi')
    .innerJoin('purchases as p', 'p.id', 'pi.purchase_id')
    .innerJoin('checkout_sessions as s', 's.id', 'p.checkout_session_id')
    .innerJoin('checkout_session_items as ci', (join) =>
      join.onRef('ci.checkout_session_id', '=', 's.id').onRef('ci.variant_id', '=', 'pi.variant_id'),
    )
    .innerJoin('product_variants as v', 'v.id', 'pi.variant_id')
    .select(['pi.id', 'v.product_id', 's.email'])
    .where('pi.purchase_id', '=', purchaseId)
    .where('ci.limit_claimed', '=', true)
    .execute();
  const byItem = new Map(claimed.map((row) => [row.id, row]));
  for (const line of lines) {
    const item = byItem.get(line.item_id);
    if (item && line.quantity > 0) await releaseUnits(db, item.product_id, item.email, line.quantity);
  }
}

type DropDeps = Pick<AppDeps, 'db' | 'clock' | 'mail' | 'log' | 'onCatalogueChange'> & { config: Pick<AppConfig, 'storefrontUrl'> };

/**
 * At the launch instant: the storefronts drop their cached 'Coming soon' pages, and every pending
 * entry of the product's list (the product, or any of its variants) gets a mail job of its own, so
 * one failing address is retried alone. The key names the launch, so a list is mailed once per launch.
 */
async function launch(deps: DropDeps, job: ClaimedJob): Promise<void> {
  const productId = String(job.payload.product_id ?? '');
  const product = await deps.db
    .selectFrom('products')
    .select(['id', 'launch_date', 'archived_at'])
    .where('id', '=', productId)
    .executeTakeFirst();
  const now = deps.clock.now();
  // Removed, archived, or moved later meanwhile (the later launch has its own run_at): nothing to do now.
  if (!product || product.archived_at || isComingSoon(product.launch_date, now)) return;
  await deps.onCatalogueChange?.();
  const launchKey = new Date(product.launch_date).getTime();
  await deps.db
    .insertInto('jobs')
    .columns(['kind', 'key', 'payload', 'run_at', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('wishlist_entries as w')
        .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
        .select([
          sql<string>`${LAUNCH_MAIL_JOB}`.as('kind'),
          sql<string>`${`${LAUNCH_MAIL_JOB}:${launchKey}:`} || w.id::text`.as('key'),
          sql<string>`jsonb_build_object('entry_id', w.id::text, 'product_id', ${productId}::text)`.as('payload'),
          sql<Date>`${now}`.as('run_at'),
          sql<Date>`${now}`.as('created_at'),
        ])
        .where('w.notified_at', 'is', null)
        .where((w) => w.or([w('w.product_id', '=', productId), w('v.product_id', '=', productId)])),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/**
 * One launch email, sent under its job's id and then marked on the entry: the outbox keeps one
 * message per id, so a job run again after a crash between the two delivers once (before, the entry
 * was marked first, and a crash in between lost the email). An entry removed or already told
 * meanwhile is simply skipped.
 */
async function launchMail(deps: DropDeps, job: ClaimedJob): Promise<void> {
  const entryId = String(job.payload.entry_id ?? '');
  const entry = await deps.db
    .selectFrom('wishlist_entries')
    .select(['id', 'email', 'locale'])
    .where('id', '=', entryId)
    .where('notified_at', 'is', null)
    .executeTakeFirst();
  if (!entry) return;
  const product = await deps.db
    .selectFrom('products')
    .select(['name', 'purchase_limit'])
    .where('id', '=', String(job.payload.product_id ?? ''))
    .executeTakeFirst();
  if (!product) return;
  const w = mailWords(entry.locale).launch;
  await deps.mail.send(
    {
      to: entry.email,
      ...renderEmail({
        subject: w.subject(product.name),
        heading: w.heading(product.name),
        paragraphs: [w.live(product.name), ...(product.purchase_limit ? [w.limit(product.purchase_limit)] : [])],
        action: { label: w.action, url: productPageUrl(deps.config.storefrontUrl, product.name, [], entry.locale) },
        locale: entry.locale,
      }),
    },
    { messageId: `<${job.id}@launch-mail.filo>` },
  );
  await deps.db
    .updateTable('wishlist_entries')
    .set({ notified_at: deps.clock.now() })
    .where('id', '=', entry.id)
    .where('notified_at', 'is', null)
    .execute();
}

/** The handlers of the drops' jobs, for the job runner. */
export function dropJobHandlers(deps: DropDeps): Record<string, JobHandler> {
  return {
    [LAUNCH_JOB]: (job) => launch(deps, job),
    [LAUNCH_MAIL_JOB]: (job) => launchMail(deps, job),
  };
}
