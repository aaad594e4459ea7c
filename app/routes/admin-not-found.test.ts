import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAdminRoute } from '../../tests/support/admin-route';
import { mailedStaffCode, STAFF_PASSWORD, staffAddress } from '../../tests/support/staff';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as discountLoader } from './admin.discounts.$id';
import { loader as giftCardLoader } from './admin.gift-cards.$id';
import { action as loginAction } from './admin.login';
import { loader as productLoader } from './admin.products.$id';

/**
 * A back-office page for something that is not there (a product, a discount code, a gift card) is the
 * back office's 404 page naming what was not found, as an unknown order, customer or return is: the
 * area clients (app/lib/admin/) turn the API's 404 into it.
 */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  const email = staffAddress('owner-not-found');
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await post('/api/admin/staff', { email, role: 'owner' }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = await mailedStaffCode(api, email);
  expect((await post('/api/staff/set-password', { email, code, password: STAFF_PASSWORD })).status).toBe(204);
  const login = await runAdminRoute(
    loginAction,
    '/admin/login',
    {},
    {
      form: [
        ['intent', 'login'],
        ['email', email],
        ['password', STAFF_PASSWORD],
      ],
    },
  );
  cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0];
  expect(cookie).toMatch(/^__staff=/);
});
afterAll(() => api.cleanup());

async function page(loader: Parameters<typeof runAdminRoute>[0], path: string, id: string) {
  const response = await runAdminRoute(loader, path, { id }, { cookie });
  return { status: response.status, body: await response.json(), noStore: response.headers.get('Cache-Control') };
}

describe('a back-office page for something that is not there', () => {
  it('is the 404 page for an unknown product, discount code or gift card', async () => {
    const id = randomUUID();
    expect(await page(productLoader, `/admin/products/${id}`, id)).toEqual({
      status: 404,
      body: { detail: 'No such product' },
      noStore: 'private, no-store',
    });
    expect(await page(discountLoader, `/admin/discounts/${id}`, id)).toEqual({
      status: 404,
      body: { detail: 'No such discount code' },
      noStore: 'private, no-store',
    });
    expect(await page(giftCardLoader, `/admin/gift-cards/${id}`, id)).toEqual({
      status: 404,
      body: { detail: 'No such gift card' },
      noStore: 'private, no-store',
    });
  });

  it('is the 404 page too for a gift card address that is no card id at all', async () => {
    expect((await page(giftCardLoader, '/admin/gift-cards/not-a-card', 'not-a-card')).status).toBe(404);
  });
});
