import { describe, expect, it } from 'vitest';

import { REMINDER_DEFAULTS } from '@contract/api/insights';

import { shopper, uniqueEmail } from '../../../tests/support/shopper';
import { TEST_ADMIN_TOKEN } from '../../../tests/support/test-api';
import { useTestApi } from '../../../tests/support/use-test-api';
import { runDueJobs } from '../services/jobs';
import { readOutbox } from '../services/mail';
import { reminderJobHandlers, runCartReminder } from '../services/reminders/cart-reminders';

// A reminder goes once per cart and step, however many instances run its job at the same moment.
const api = useTestApi();

describe('a cart reminder run by many instances at once', () => {
  it('is claimed and sent once, and the job runners in parallel send each cart’s once', async () => {
    const on = await api.app.request('/api/admin/reminders/settings', {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...REMINDER_DEFAULTS, enabled: true }),
    });
    expect(on.status).toBe(200);
    const shoppers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const s = shopper(api);
        await s.register(uniqueEmail('racing'));
        await s.post('/api/user/consents/marketing');
        const [mail] = await readOutbox(api.database.db, s.email!);
        const token = new URL(/https?:\/\/\S+\/marketing\/confirm\?token=\S+/.exec(mail!.text)![0]).searchParams.get('token');
        expect((await s.post('/api/marketing/confirm', { token })).status).toBe(200);
        expect((await s.post('/api/cart/add', { variant_id: api.stocked[0]!.id, quantity: 1 })).status).toBe(200);
        return s;
      }),
    );
    api.clock.advance(4 * 60 * 60 * 1000 + 60_000);

    // The same claimed job in four hands at once (a lease that ran out mid-run): one reminder row, one email.
    const [first] = shoppers;
    const user = await api.database.db.selectFrom('users').select('id').where('email', '=', first!.email!).executeTakeFirstOrThrow();
    const cart = await api.database.db.selectFrom('carts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const job = await api.database.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'key', 'payload', 'attempts'])
      .where('key', '=', `cart-reminder:${cart.id}`)
      .executeTakeFirstOrThrow();
    await Promise.all(Array.from({ length: 4 }, () => runCartReminder(api.deps, job)));
    const rows = await api.database.db.selectFrom('cart_reminders').select(['step', 'sent_at']).where('cart_id', '=', cart.id).execute();
    expect(rows).toEqual([{ step: 1, sent_at: expect.any(Date) }]);
    expect((await readOutbox(api.database.db, first!.email!)).filter((m) => m.headers)).toHaveLength(1);

    // Three runners in parallel over every due job: each other cart gets its one reminder too.
    await Promise.all([
      runDueJobs(api.deps, reminderJobHandlers(api.deps)),
      runDueJobs(api.deps, reminderJobHandlers(api.deps)),
      runDueJobs(api.deps, reminderJobHandlers(api.deps)),
    ]);
    for (const s of shoppers) {
      const reminders = (await readOutbox(api.database.db, s.email!)).filter((m) => m.headers?.['List-Unsubscribe-Post']);
      expect(reminders).toHaveLength(1);
    }
  });
});
