import { describe, expect, it } from 'vitest';

import { RETENTION_DAYS } from '@contract/retention';

import { buyThroughCheckout, shopper, variants } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';
import { purgeExpiredData } from '../services/retention';

const api = useTestApi();
const DAY = 24 * 60 * 60 * 1000;

describe('the retention purge', () => {
  it('removes each kind of data after its stated period, and keeps what must stay', async () => {
    const db = api.database.db;
    const start = api.clock.now();
    const at = (days: number) => new Date(start.getTime() + days * DAY);

    const buyer = shopper(api);
    const member = await buyer.register();
    const [variant, other] = await variants(api);
    const purchaseId = await buyThroughCheckout(api, buyer, [{ id: variant.id }]);
    const guestBuyer = shopper(api);
    const guestWithOrder = await guestBuyer.signInAsGuest();
    await buyThroughCheckout(api, guestBuyer, [{ id: other.id }]);
    const idle = shopper(api);
    const guestWithout = await idle.signInAsGuest();
    const visitor = shopper(api);
    expect((await visitor.post('/api/cart/add', { variant_id: other.id, quantity: 1 })).status).toBe(200);
    await db
      .insertInto('contact_messages')
      .values({
        name: 'Ada',
        email: member.user.email,
        reason: 'general',
        subject: 'Hi',
        message: 'Hello',
        client_ip: null,
        created_at: start,
      })
      .execute();
    const exists = async (table: 'users' | 'purchases' | 'carts', id: string) =>
      Boolean(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
    const anonymousCarts = () => db.selectFrom('carts').select('id').where('user_id', 'is', null).execute();
    const rows = async (table: 'contact_messages' | 'mail_outbox' | 'verification_codes') =>
      (await db.selectFrom(table).select('id').execute()).length;
    expect((await anonymousCarts()).length).toBeGreaterThan(0);
    expect(await rows('mail_outbox')).toBeGreaterThan(0);
    expect(await rows('verification_codes')).toBeGreaterThan(0);

    // Nothing has outlived anything yet.
    const early = await purgeExpiredData(db, at(0));
    expect(early.orders + early.guestsWithoutOrders + early.contactMessages + early.outbox).toBe(0);

    // A month on: the idle guest and the spent codes go; the guest who bought stays, with their order.
    const month = await purgeExpiredData(db, at(RETENTION_DAYS.guestsWithoutOrders + 2));
    expect(month.guestsWithoutOrders).toBeGreaterThanOrEqual(1);
    expect(await exists('users', guestWithout.user.id)).toBe(false);
    expect(await exists('users', guestWithOrder.user.id)).toBe(true);
    expect(await exists('users', member.user.id)).toBe(true);
    expect(await rows('verification_codes')).toBe(0);
    expect((await anonymousCarts()).length).toBeGreaterThan(0);

    // A season on: abandoned carts and the outbox's copies go; messages and orders stay.
    await purgeExpiredData(db, at(Math.max(RETENTION_DAYS.anonymousCarts, RETENTION_DAYS.outbox) + 1));
    expect(await anonymousCarts()).toEqual([]);
    expect(await rows('mail_outbox')).toBe(0);
    expect(await rows('contact_messages')).toBe(1);
    expect(await exists('purchases', purchaseId)).toBe(true);

    // Two years on the messages go; ten years on the orders, with their items, and the account stays.
    await purgeExpiredData(db, at(RETENTION_DAYS.contactMessages + 1));
    expect(await rows('contact_messages')).toBe(0);
    expect(await exists('purchases', purchaseId)).toBe(true);
    const decade = await purgeExpiredData(db, at(RETENTION_DAYS.orders + 1));
    expect(decade.orders).toBeGreaterThanOrEqual(2);
    expect(await exists('purchases', purchaseId)).toBe(false);
    expect(await db.selectFrom('purchase_items').select('id').where('purchase_id', '=', purchaseId).execute()).toEqual([]);
    expect(await exists('users', member.user.id)).toBe(true);
    // The privacy log keeps its lines for its own period: the early runs' lines are gone, the last one stays.
    const logged = await db.selectFrom('privacy_log').select('at').execute();
    expect(decade.privacyLog).toBeGreaterThan(0);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((line) => line.at >= at(RETENTION_DAYS.orders + 1 - RETENTION_DAYS.privacyLog))).toBe(true);
  });
});
