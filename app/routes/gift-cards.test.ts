import { beforeAll, describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { runAdminRoute } from '../../tests/support/admin-route';
import { callRoute } from '../../tests/support/route-context';
import { shopper } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { storefrontCookie, storefrontGet, storefrontPost } from '../../tests/support/storefront-session';
import { TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as creditAction, loader as creditLoader } from './admin.customers.$id_.store-credit';
import { action as cardsAction, loader as cardsLoader } from './admin.gift-cards._index';
import { action as cardAction, loader as cardLoader } from './admin.gift-cards.$id';
import { action as loginAction } from './admin.login';
import { action, loader } from './gift-cards';

/** The gift cards page and the back office's gift cards and store credit, as plain functions against the real API. */
const api = storefrontTestApi();
let ownerCookie: string;
beforeAll(async () => {
  const email = `owner-${Date.now()}@brand.example`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role: 'owner' }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await post('/api/staff/set-password', { email, code, password: 'Back-Office-2026' })).status).toBe(204);
  const signedIn = await admin(loginAction, '/admin/login', {
    form: [
      ['intent', 'login'],
      ['email', email],
      ['password', 'Back-Office-2026'],
      ['redirectTo', ''],
    ],
  });
  ownerCookie = signedIn.headers.get('Set-Cookie')!.split(';')[0];
});

const admin = (
  fn: Parameters<typeof runAdminRoute>[0],
  path: string,
  init: { form?: [string, string][]; cookie?: string } = {},
  params: Record<string, string> = {},
) => runAdminRoute(fn, path, params, init);
const next = (response: Response) => response.headers.get('Set-Cookie')?.split(';')[0] ?? ownerCookie;

describe('back office: gift cards', () => {
  it('an owner puts gift cards on sale, issues a card (its code shown once), reads its ledger and disables it', async () => {
    const product = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'product'],
        ['name', 'Route Gift Card'],
        ['amounts', '25 50,50 100'],
      ],
      cookie: ownerCookie,
    });
    expect(product.status).toBe(303);
    expect((await (await admin(cardsLoader, '/admin/gift-cards', { cookie: next(product) })).json()).notice).toBe(
      'Route Gift Card is on sale at /gift-cards: €25.00, €50.50, €100.00.',
    );

    const refused = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'issue'],
        ['amount', '1'],
      ],
      cookie: ownerCookie,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'At least €5.00' });
    const issued = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'issue'],
        ['amount', '40'],
      ],
      cookie: ownerCookie,
    });
    expect(issued.status).toBe(303);
    const id = issued.headers.get('Location')!.split('/').pop()!;
    const page = await (await admin(cardLoader, `/admin/gift-cards/${id}`, { cookie: next(issued) }, { id })).json();
    expect(page.notice).toMatch(/^Gift card issued for €40\.00\. Its code, shown only now: FILO(-[0-9A-Z]{4}){5}$/);
    expect(page.ledger).toMatchObject([{ amount: 4_000, reason: 'issued' }]);
    // An expiry the owner sets is printed with the code, and kept on the card.
    const dated = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'issue'],
        ['amount', '15'],
        ['expires_on', '2031-12-31'],
      ],
      cookie: ownerCookie,
    });
    const datedId = dated.headers.get('Location')!.split('/').pop()!;
    const datedPage = await (await admin(cardLoader, `/admin/gift-cards/${datedId}`, { cookie: next(dated) }, { id: datedId })).json();
    expect(datedPage.notice).toMatch(/^Gift card issued for €15\.00, expiring at the end of 2031-12-31\. Its code, shown only now: FILO-/);
    expect(datedPage.card.expires_at).toBe('2031-12-31T23:59:59.000Z');
    // Shown once: the page read again has no code.
    const again = await (await admin(cardLoader, `/admin/gift-cards/${id}`, { cookie: ownerCookie }, { id })).json();
    expect(JSON.stringify(again)).not.toMatch(/FILO-/);

    const disabled = await admin(cardAction, `/admin/gift-cards/${id}`, { form: [], cookie: ownerCookie }, { id });
    expect(disabled.status).toBe(303);
    expect(
      (await (await admin(cardLoader, `/admin/gift-cards/${id}`, { cookie: next(disabled) }, { id })).json()).card.disabled_at,
    ).not.toBeNull();
  });

  it('an owner emails a card they issue: the code, the amount and the expiry, in the recipient’s language; a bad address changes nothing', async () => {
    const friend = shopper(api, { locale: 'it' });
    await friend.register();
    const sent = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'issue'],
        ['amount', '20'],
        ['expires_on', '2031-06-30'],
        ['recipient_email', friend.email!.toUpperCase()],
      ],
      cookie: ownerCookie,
    });
    expect(sent.status).toBe(303);
    const id = sent.headers.get('Location')!.split('/').pop()!;
    const page = await (await admin(cardLoader, `/admin/gift-cards/${id}`, { cookie: next(sent) }, { id })).json();
    expect(page.notice).toMatch(/, expiring at the end of 2031-06-30, and emailed to .+\. Its code, shown only now: FILO-/);
    const code = /FILO(-[0-9A-Z]{4}){5}/.exec(page.notice)![0];
    const [mail] = (await readOutbox(api.database.db, friend.email!)).filter((m) => m.subject.includes('carta regalo'));
    expect(mail.subject).toBe('Una carta regalo FILO per te');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('€20,00');
    expect(mail.text).toContain('fino alla fine del 2031-06-30');

    const cardsBefore = await api.database.db.selectFrom('gift_cards').select('id').execute();
    const refused = await admin(cardsAction, '/admin/gift-cards', {
      form: [
        ['intent', 'issue'],
        ['amount', '20'],
        ['recipient_email', 'not-an-email'],
      ],
      cookie: ownerCookie,
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('Please enter a valid email address');
    expect(await api.database.db.selectFrom('gift_cards').select('id').execute()).toHaveLength(cardsBefore.length);
  });

  it("an owner adds and removes a customer's store credit with a reason; removing more than there is says so", async () => {
    const member = shopper(api);
    await member.register();
    const { id } = await api.database.db.selectFrom('users').select('id').where('email', '=', member.email!).executeTakeFirstOrThrow();
    const path = `/admin/customers/${id}/store-credit`;
    const added = await admin(
      creditAction,
      path,
      {
        form: [
          ['direction', 'add'],
          ['amount', '12,50'],
          ['reason', 'Late parcel'],
        ],
        cookie: ownerCookie,
      },
      { id },
    );
    expect(added.status).toBe(303);
    const page = await (await admin(creditLoader, path, { cookie: next(added) }, { id })).json();
    expect(page.notice).toBe('€12.50 added. Store credit is now €12.50.');
    expect(page.ledger).toMatchObject([{ amount: 1_250, reason: 'Late parcel' }]);
    const tooMuch = await admin(
      creditAction,
      path,
      {
        form: [
          ['direction', 'remove'],
          ['amount', '20'],
          ['reason', 'Mistake'],
        ],
        cookie: ownerCookie,
      },
      { id },
    );
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toEqual({ error: 'The customer has less store credit than that to remove.' });
  });
});

describe('the gift cards page', () => {
  it('lists the amounts; checks a balance in words; sends a visitor to sign in, and a shopper to the payment page', async () => {
    const page = await (await callRoute(loader, storefrontGet('/gift-cards'))).json();
    const product = page.products.find((p: { name: string }) => p.name === 'Route Gift Card')!;
    expect(product.amounts.map((a: { amount: number }) => a.amount)).toEqual([2_500, 5_050, 10_000]);

    const issued = await fetch(`${api.url}/api/admin/gift-cards`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount: 2_500 }),
    });
    const { code } = (await issued.json()) as { code: string };
    const checked = await callRoute(action, storefrontPost('/gift-cards', '', { intent: 'check-balance', code }));
    expect(await checked.json()).toEqual({ balance: `Gift card ····${code.slice(-4)}: €25.00 available.`, error: null, code });
    const wrong = await callRoute(action, storefrontPost('/gift-cards', '', { intent: 'check-balance', code: 'NOPE' }));
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).error).toBe('This gift card code is not valid. Check its spelling.');

    const buy = { intent: 'buy', variant_id: product.amounts[0].variant_id, for: 'me' };
    const visitor = await callRoute(action, storefrontPost('/gift-cards', '', buy));
    expect(visitor.headers.get('Location')).toBe('/gift-cards?auth=email');
    const cookie = await storefrontCookie(await shopper(api).register());
    const bought = await callRoute(action, storefrontPost('/gift-cards', cookie, buy));
    expect(bought.status).toBe(303);
    expect(bought.headers.get('Location')).toMatch(/\/pay\/[0-9a-f-]{36}$/);
    const noRecipient = await callRoute(action, storefrontPost('/gift-cards', cookie, { ...buy, for: 'someone' }));
    expect(noRecipient.status).toBe(303);
    expect(noRecipient.headers.get('Location')).toBe('/gift-cards');
  });
});
