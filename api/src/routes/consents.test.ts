import { describe, expect, it } from 'vitest';

import { policyDocument } from '@contract/policies';
import { shopDay } from '@contract/shop-time';

import { openDataArchive } from '../../../tests/support/data-archive';
import { buyThroughCheckout, setVariant, shopper } from '../../../tests/support/shopper';
import { cliHeaders } from '../../../tests/support/staff';
import { useTestApi } from '../../../tests/support/use-test-api';
import { seedPages } from '../seed/pages';
import { seedPolicyDocuments } from '../seed/policy-documents';

const api = useTestApi();
/** The day of the terms the shop starts with (their "Last updated" line). */
const TERMS_DAY = policyDocument('terms-and-conditions').updated;

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
      { kind: 'terms', policy_version: TERMS_DAY, given_at: expect.any(String), withdrawn_at: null, confirmed_at: expect.any(String) },
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
      { kind: 'terms', policy_version: TERMS_DAY, given_at: expect.any(String), withdrawn_at: null, confirmed_at: expect.any(String) },
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

  it('records the day of the policy in force: the text the shop started with, then the version the owner published', async () => {
    await seedPolicyDocuments(api.storage);
    await seedPages(api.database.db, api.storage);
    const kindsAndDays = async (s: ReturnType<typeof shopper>) =>
      ((await s.get('/api/user/consents')).body as { kind: string; policy_version: string }[])
        .map((c) => `${c.kind} ${c.policy_version}`)
        .sort();
    const before = shopper(api);
    const { user } = await before.register();
    await before.post('/api/user/consents', { kind: 'cookies' });
    expect(await kindsAndDays(before)).toEqual([`cookies ${policyDocument('privacy-policy').updated}`, `terms ${TERMS_DAY}`]);

    // A week on, the owner publishes new terms: consents given from then on name that day; the
    // privacy policy, unchanged, keeps its own.
    api.clock.advance(7 * 24 * 60 * 60 * 1000);
    const pages = (await (await api.app.request('/api/admin/pages', { headers: cliHeaders })).json()) as {
      pages: { id: string; slug: string; latest_version: number }[];
    };
    const terms = pages.pages.find((page) => page.slug === 'terms-and-conditions')!;
    const saved = await api.app.request(`/api/admin/pages/${terms.id}`, {
      method: 'PUT',
      headers: { ...cliHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title_en: 'Terms and Conditions',
        title_it: '',
        description_en: '',
        body_en: '## Terms\n\nNew terms.',
        base_version: terms.latest_version,
        publish: true,
      }),
    });
    expect(saved.status).toBe(200);
    const after = shopper(api);
    await after.register();
    await after.post('/api/user/consents', { kind: 'cookies' });
    expect(await kindsAndDays(after)).toEqual([`cookies ${policyDocument('privacy-policy').updated}`, `terms ${shopDay(api.clock.now())}`]);
    // What was given before keeps the version it was given under (read from the database: a week on,
    // that sign-in has ended).
    const kept = await api.database.db
      .selectFrom('consents')
      .select('policy_version')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'terms')
      .execute();
    expect(kept).toEqual([{ policy_version: TERMS_DAY }]);
  });
});
