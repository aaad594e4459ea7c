import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { buyThroughCheckout, setVariant, type Shopper, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { fulfilCheckoutSession } from '../services/checkout-fulfilment';
import { dropJobHandlers } from '../services/drops';
import { pendingJobs, runDueJobs } from '../services/jobs';
import { type Mailer, readOutbox } from '../services/mail';
import { ORDER_MAIL_JOB, orderMailJobHandlers } from '../services/order-mail';

// The transactional outbox (ADR 044): an order's emails are queued in the transaction of the change
// they report and sent by the job runner, once, whatever fails or runs twice in between.
const api = useTestApi();

let variantNumber = 0;
async function freshVariant() {
  const variant = api.stocked[variantNumber++];
  await setVariant(api, variant.id, { stock_quantity: 20, price: 2_500 });
  return variant;
}

async function guest(): Promise<Shopper> {
  const s = shopper(api);
  await s.signInAsGuest();
  return s;
}

const confirmations = async (email: string) =>
  (await readOutbox(api.database.db, email)).filter((m) => /^Your FILO order ORD-/.test(m.subject) && !/shipped|delivered/.test(m.subject));

/** Runs `work` with the API's mail failing for `email`, as an SMTP server refusing for a while. */
async function withMailFailingFor<T>(email: string, work: () => Promise<T>): Promise<T> {
  const real = api.deps.mail;
  const failing: Mailer = {
    transport: real.transport,
    async send(message, options) {
      if (message.to === email) throw new Error('SMTP 451 try again later');
      await real.send(message, options);
    },
  };
  api.deps.mail = failing;
  try {
    return await work();
  } finally {
    api.deps.mail = real;
  }
}

async function admin(path: string, body: unknown) {
  const res = await api.app.request(`/api/admin/${path}`, {
    method: 'POST',
    headers: { ...cliHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('order emails through the outbox', () => {
  it('a confirmation that cannot be sent at payment is kept and sent by the job runner later, once; the purchase stands meanwhile', async () => {
    const variant = await freshVariant();
    const s = await guest();
    const purchaseId = await withMailFailingFor(s.email!, () => buyThroughCheckout(api, s, [{ id: variant.id }]));
    expect(purchaseId).toBeTruthy();
    expect(await confirmations(s.email!)).toHaveLength(0);
    const pending = (await pendingJobs(api.database.db)).filter((job) => job.kind === ORDER_MAIL_JOB);
    expect(pending).toHaveLength(1);
    expect(pending[0].last_error).toBe('SMTP 451 try again later');

    // Due again after its backoff; any instance's runner sends it.
    api.clock.advance(31_000);
    await runDueJobs(api.deps, orderMailJobHandlers(api.deps));
    expect(await confirmations(s.email!)).toHaveLength(1);
    await runDueJobs(api.deps, orderMailJobHandlers(api.deps));
    expect(await confirmations(s.email!)).toHaveLength(1);
    const timeline = await api.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', purchaseId)
      .where('action', '=', 'order.email')
      .execute();
    expect(timeline).toHaveLength(1);
  });

  it('a payment fulfilled five times at once queues and sends one confirmation', async () => {
    const variant = await freshVariant();
    const s = await guest();
    await s.post('/api/cart/add', { variant_id: variant.id, quantity: 1 });
    const started = await s.post('/api/checkout/', {
      success_url: 'http://shop.test/s?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://shop.test/c',
      email: s.email,
      metadata: {},
    });
    const session = await api.database.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('email', '=', s.email!)
      .executeTakeFirstOrThrow();
    expect(started.status).toBe(200);
    const payment = { shippingAddress: null, billingAddress: null, paymentMethod: 'card' };
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilCheckoutSession(api.deps, session.id, payment)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await confirmations(s.email!)).toHaveLength(1);
  });

  it('a job run again after a crash between sending and being marked done delivers once', async () => {
    const variant = await freshVariant();
    const s = await guest();
    const purchaseId = await buyThroughCheckout(api, s, [{ id: variant.id }]);
    const shipped = await withMailFailingFor(s.email!, () =>
      admin('orders/ship', { order: purchaseId, carrier: 'BRT', tracking: 'BRT 77' }),
    );
    expect(shipped.status).toBe(200);
    api.clock.advance(31_000);
    await runDueJobs(api.deps, orderMailJobHandlers(api.deps));
    // What a crash right after the send leaves: the job not done, its lease over.
    await api.database.db
      .updateTable('jobs')
      .set({ done_at: null, locked_until: null })
      .where('kind', '=', ORDER_MAIL_JOB)
      .where(sql<boolean>`payload->>'purchase_id' = ${purchaseId}`)
      .execute();
    await runDueJobs(api.deps, orderMailJobHandlers(api.deps));
    const mails = (await readOutbox(api.database.db, s.email!)).filter((m) => /has shipped/.test(m.subject));
    expect(mails).toHaveLength(1);
  });

  it('a launch email run again after a crash between sending and marking the subscriber is delivered once, and none is lost', async () => {
    const product = await api.database.db.selectFrom('products').select(['id', 'name']).orderBy('name').executeTakeFirstOrThrow();
    const fan = shopper(api);
    await fan.register();
    await fan.post('/api/products/wishlist', { email: fan.email, product_id: product.id });
    const entry = await api.database.db
      .selectFrom('wishlist_entries')
      .select('id')
      .where('email', '=', fan.email!)
      .executeTakeFirstOrThrow();
    const now = api.clock.now();
    await api.database.db
      .insertInto('jobs')
      .values({
        kind: 'launch-mail',
        key: `launch-mail:test:${entry.id}`,
        payload: JSON.stringify({ entry_id: entry.id, product_id: product.id }),
        run_at: now,
        created_at: now,
      })
      .execute();
    const handlers = dropJobHandlers(api.deps);
    await runDueJobs(api.deps, handlers);
    // The crash: sent, but the subscriber not yet marked told and the job not done.
    await api.database.db.updateTable('wishlist_entries').set({ notified_at: null }).where('id', '=', entry.id).execute();
    await api.database.db
      .updateTable('jobs')
      .set({ done_at: null, locked_until: null })
      .where('key', '=', `launch-mail:test:${entry.id}`)
      .execute();
    await runDueJobs(api.deps, handlers);
    expect((await readOutbox(api.database.db, fan.email!)).filter((m) => m.subject === `Live now: ${product.name}`)).toHaveLength(1);
    expect(
      (await api.database.db.selectFrom('wishlist_entries').select('notified_at').where('id', '=', entry.id).executeTakeFirstOrThrow())
        .notified_at,
    ).not.toBeNull();
  });
});
