import { beforeAll, describe, expect, it } from 'vitest';

import { formatLaunchTime } from '@contract/shop-time';

import { useTestApi } from '../../../tests/support/use-test-api';
import { readOutbox } from '../services/mail';

const api = useTestApi();
let hoodie: { id: string; variants: { id: string; sku: string }[] };
beforeAll(async () => {
  hoodie = await (await api.app.request('/api/products/details?product_name=Tracer%20Hoodie')).json();
});

function post(body: unknown) {
  return api.app.request('/api/products/wishlist', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function entries(email: string) {
  const res = await api.app.request(`/api/products/wishlist?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('POST /api/products/wishlist', () => {
  it('stores a product request with a message, and lists it for the email', async () => {
    const res = await post({ email: ' Ada@Example.com ', product_id: hoodie.id, product_variant_id: null });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: expect.stringMatching(/wishlist/i), already_in_wishlist: false });
    expect(await entries('ada@example.com')).toEqual([
      { email: 'ada@example.com', product_id: hoodie.id, product_variant_id: null, created_at: expect.any(String) },
    ]);
  });

  it('stores only the variant when both ids are given', async () => {
    const variant = hoodie.variants[1];
    const res = await post({ email: 'both@example.com', product_id: hoodie.id, product_variant_id: variant.id });
    expect(res.status).toBe(201);
    const [entry, ...rest] = await entries('both@example.com');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ product_id: null, product_variant_id: variant.id });
  });

  it('answers that a duplicate is already there, without storing it twice', async () => {
    await post({ email: 'twice@example.com', product_variant_id: hoodie.variants[0].id });
    const again = await post({ email: 'TWICE@example.com', product_variant_id: hoodie.variants[0].id });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: 'Already in your wishlist', already_in_wishlist: true });
    expect(await entries('twice@example.com')).toHaveLength(1);
  });

  it('keeps two requests at once to one entry', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => post({ email: 'race@example.com', product_id: hoodie.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await entries('race@example.com')).toHaveLength(1);
  });

  it('answers 422 lists for a bad email, a missing target or malformed ids', async () => {
    const bad = await post({ email: 'not-an-email', product_id: hoodie.id });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toEqual([
      { loc: ['body', 'email'], msg: 'Please enter a valid email address', type: 'invalid_string' },
    ]);

    const none = await post({ email: 'a@example.com' });
    expect(none.status).toBe(422);
    expect((await none.json()).detail[0]).toMatchObject({ loc: ['body', 'product_id'] });

    const malformed = await post({ email: 'a@example.com', product_id: "1' OR 1=1" });
    expect(malformed.status).toBe(422);

    const missing = await post({});
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail[0]).toEqual({ loc: ['body', 'email'], msg: 'Field required', type: 'missing' });

    const notJson = await api.app.request('/api/products/wishlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(422);
  });

  it('answers 404 for an unknown product or variant', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post({ email: 'a@example.com', product_id: unknown })).status).toBe(404);
    const res = await post({ email: 'a@example.com', product_variant_id: unknown });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Product variant not found', code: 'not_found' });
  });
});

describe('GET /api/products/wishlist', () => {
  it('answers an empty list for an email without entries and 422 without a valid email', async () => {
    expect(await entries('nobody@example.com')).toEqual([]);
    expect((await api.app.request('/api/products/wishlist')).status).toBe(422);
    expect((await api.app.request('/api/products/wishlist?email=nope')).status).toBe(422);
  });
});

describe('the Notify Me confirmation and its unsubscribe link', () => {
  const tokenOf = (text: string) => new URL(/Stop this back-in-stock email: (\S+)/.exec(text)![1]).searchParams.get('token')!;
  const unsubscribe = (token: string) =>
    api.app.request('/api/products/wishlist/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });

  it('emails a confirmation naming the variant, whose signed link alone removes that request, once', async () => {
    const variant = hoodie.variants[0];
    expect((await post({ email: 'stop@example.com', product_variant_id: variant.id })).status).toBe(201);
    const [mail] = await readOutbox(api.database.db, 'stop@example.com');
    expect(mail.subject).toMatch(/^We'll email you when Tracer Hoodie \(.+\) is back$/);
    expect(mail.subject).not.toContain(variant.sku);
    // The options by the words of the product page ('Ink black, Small to medium'), never their codes (issue 45, item 6).
    expect(/\((.+)\)/.exec(mail.subject)![1]).not.toMatch(/\b[A-Z]{2,}\b|S\/M|L\/XL/);
    const token = tokenOf(mail.text);

    const named = await api.app.request(`/api/products/wishlist/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await named.json()).toEqual({ item: expect.stringMatching(/^Tracer Hoodie \(/), removed: false, launches_at: null });
    expect(await entries('stop@example.com')).toHaveLength(1);

    const [first, second] = await Promise.all([unsubscribe(token), unsubscribe(token)]);
    const answers = [await first.json(), await second.json()];
    expect(answers.filter((a) => a.removed === true)).toHaveLength(1);
    expect(await entries('stop@example.com')).toEqual([]);
    expect((await unsubscribe(token)).status).toBe(404);
  });

  it('for a product not launched yet, speaks of its launch: the answer, the email and the link', async () => {
    const product = await api.database.db
      .selectFrom('products')
      .select(['id', 'name', 'launch_date'])
      .orderBy('name')
      .executeTakeFirstOrThrow();
    const launch = new Date(api.clock.now().getTime() + 3 * 86_400_000);
    await api.database.db.updateTable('products').set({ launch_date: launch }).where('id', '=', product.id).execute();
    try {
      const res = await post({ email: 'launch@example.com', product_id: product.id });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { message: string }).message).toBe('Added to the launch list. We will email you when it launches.');
      const [mail] = await readOutbox(api.database.db, 'launch@example.com');
      expect(mail.subject).toBe(`We'll email you when ${product.name} launches`);
      expect(mail.text).toContain(`We'll email you once, when ${product.name} launches at FILO on ${formatLaunchTime(launch)}.`);
      expect(mail.text).not.toMatch(/back in stock|is back/);
      const token = new URL(/Stop this launch email: (\S+)/.exec(mail.text)![1]).searchParams.get('token')!;
      const named = await api.app.request(`/api/products/wishlist/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(await named.json()).toEqual({ item: product.name, removed: false, launches_at: launch.toISOString() });
    } finally {
      await api.database.db.updateTable('products').set({ launch_date: product.launch_date }).where('id', '=', product.id).execute();
    }
  });

  it('refuses a forged or broken token and changes nothing', async () => {
    expect((await post({ email: 'forged@example.com', product_id: hoodie.id })).status).toBe(201);
    const [mail] = await readOutbox(api.database.db, 'forged@example.com');
    const token = tokenOf(mail.text);
    const [entryId] = token.split('.');
    for (const bad of [`${entryId}.${'A'.repeat(43)}`, entryId, 'not-a-token', `${token}x`]) {
      const res = await unsubscribe(bad);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found' });
    }
    expect((await unsubscribe('')).status).toBe(422);
    expect(await entries('forged@example.com')).toHaveLength(1);
    // Asking again for what one already waits for sends nothing more.
    expect((await post({ email: 'forged@example.com', product_id: hoodie.id })).status).toBe(200);
    expect(await readOutbox(api.database.db, 'forged@example.com')).toHaveLength(1);
  });
});
