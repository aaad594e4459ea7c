import { describe, expect, it } from 'vitest';

import { POLICY_VERSION } from '@contract/api/privacy';

import { openDataArchive } from '../../../tests/support/data-archive';
import { buyThroughCheckout, setVariant, shopper } from '../../../tests/support/shopper';
import { useTestApi } from '../../../tests/support/use-test-api';

const api = useTestApi();

describe('consents', () => {
  it('a guest who checks out accepts the terms, recorded with the policy version; a refused checkout records nothing', async () => {
    const s = shopper(api);
    await s.signInAsGuest();
    const terms = async () => ((await s.get('/api/user/consents')).body as { kind: string }[]).filter((c) => c.kind === 'terms');
    // An empty cart cannot be checked out: nothing was accepted.
    expect(
      (await s.post('/api/checkout/', { success_url: 'http://shop.test/ok', cancel_url: 'http://shop.test/cart', metadata: {} })).status,
    ).toBe(400);
    expect(await terms()).toEqual([]);
    const variant = api.stocked[0];
    await setVariant(api, variant.id, { stock_quantity: 5 });
    await buyThroughCheckout(api, s, [{ id: variant.id }]);
    expect(await terms()).toEqual([
      { kind: 'terms', policy_version: POLICY_VERSION, given_at: expect.any(String), withdrawn_at: null, confirmed_at: expect.any(String) },
    ]);
    // Checking out again keeps the one acceptance in force.
    await buyThroughCheckout(api, s, [{ id: variant.id }]);
    expect(await terms()).toHaveLength(1);
  });

  it('registering records the terms under the policy version; the cookie notice is recorded once, withdrawn in one call and given again', async () => {
    const s = shopper(api);
    const me = await s.register();
    const start = api.clock.now().toISOString();
    const list = async () => (await s.get('/api/user/consents')).body;
    expect(await list()).toEqual([
      { kind: 'terms', policy_version: POLICY_VERSION, given_at: expect.any(String), withdrawn_at: null, confirmed_at: expect.any(String) },
    ]);

    const given = await s.post('/api/user/consents', { kind: 'cookies' });
    expect(given.status).toBe(200);
    // Twice at once: one consent in force.
    await Promise.all([s.post('/api/user/consents', { kind: 'cookies' }), s.post('/api/user/consents', { kind: 'cookies' })]);
    const inForce = (await list()).filter(
      (c: { kind: string; withdrawn_at: string | null }) => c.kind === 'cookies' && c.withdrawn_at === null,
    );
    expect(inForce).toHaveLength(1);

    api.clock.advance(60_000);
    const withdrawn = await s.post('/api/user/consents/withdraw', { kind: 'cookies' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.find((c: { kind: string }) => c.kind === 'cookies')).toMatchObject({
      withdrawn_at: api.clock.now().toISOString(),
    });
    // Withdrawing what is not in force changes nothing.
    expect((await s.post('/api/user/consents/withdraw', { kind: 'marketing' })).status).toBe(200);
    expect((await s.post('/api/user/consents', { kind: 'cookies' })).status).toBe(200);
    const kinds = (await list()).map(
      (c: { kind: string; withdrawn_at: string | null }) => `${c.kind}:${c.withdrawn_at ? 'withdrawn' : 'in force'}`,
    );
    expect(kinds.sort()).toEqual(['cookies:in force', 'cookies:withdrawn', 'terms:in force']);

    // Refused: marketing without its double opt-in, terms withdrawn, anything else, and nobody signed in.
    for (const body of [{ kind: 'marketing' }, { kind: 'terms' }, { kind: 'ads' }, {}])
      expect((await s.post('/api/user/consents', body)).status).toBe(422);
    expect((await s.post('/api/user/consents/withdraw', { kind: 'terms' })).status).toBe(422);
    expect((await shopper(api).get('/api/user/consents')).status).toBe(401);

    // In the data export, and gone with the account.
    const { data } = openDataArchive((await s.get('/api/user/data-export')).bytes);
    expect(data.consents).toEqual(await list());
    expect(data.consents.every((c: { given_at: string }) => c.given_at >= start)).toBe(true);
    expect((await s.post('/api/user/delete-account', { password: 'Sunny-Day-2026', confirm_email: me.user.email })).status).toBe(200);
    expect(await api.database.db.selectFrom('consents').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);
  });
});
