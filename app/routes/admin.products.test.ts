import type { ActionFunction } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute } from '../../tests/support/route-context';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { action as loginAction } from './admin.login';
import { action as productAction } from './admin.products.$id';
import { action as newProductAction } from './admin.products.new';

/** The product form's description preview, as plain actions against the real API. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let cookie: string;
const PASSWORD = 'Back-Office-2026';

async function post(fn: ActionFunction, path: string, form: [string, string][], params: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://shop.test${path}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return (await callRoute(fn, request, params)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  api = await startTestApi();
  process.env.API_URL = api.url;
  const email = `owner-preview-${Date.now()}@brand.example`;
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect((await call('/api/admin/staff', { email, role: 'owner' }, { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` })).status).toBe(201);
  const code = /\d{6}/.exec((await readOutbox(api.database.db, email))[0].subject)![0];
  expect((await call('/api/staff/set-password', { email, code, password: PASSWORD })).status).toBe(204);
  const login = await post(loginAction, '/admin/login', [
    ['intent', 'login'],
    ['email', email],
    ['password', PASSWORD],
    ['redirectTo', ''],
  ]);
  cookie = (login.headers.get('Set-Cookie') ?? '').split(';')[0];
});
afterAll(() => api.cleanup());

const productCount = async () =>
  Number(
    (
      await api.database.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('previewing a long description', () => {
  it('shows a new product’s Markdown as the shop will, keeps the form as typed, and creates nothing', async () => {
    const before = await productCount();
    const response = await post(newProductAction, '/admin/products/new', [
      ['intent', 'create'],
      ['name', 'Preview Cap'],
      ['long_description', '**Bold** cap.\n\n- one\n- two\n\n<script>alert(1)</script>'],
      ['price', ''],
      ['preview', 'description'],
    ]);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.preview).toContain('<strong>Bold</strong> cap.');
    expect(body.preview).toContain('<li>one</li>');
    expect(body.preview).not.toContain('<script');
    // An unfinished draft shows no errors, and keeps what was typed.
    expect(body.result.error).toBeUndefined();
    expect(body.result.initialValue.name).toBe('Preview Cap');
    expect(await productCount()).toBe(before);
  });

  it('previews an existing product’s new words without saving them', async () => {
    const product = await api.database.db.selectFrom('products').select(['id', 'long_description']).executeTakeFirstOrThrow();
    const response = await post(
      productAction,
      `/admin/products/${product.id}`,
      [
        ['intent', 'edit'],
        ['long_description', 'Now *slanted*'],
        ['preview', 'description'],
      ],
      { id: product.id },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).preview).toContain('<em>slanted</em>');
    const after = await api.database.db
      .selectFrom('products')
      .select('long_description')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.long_description).toBe(product.long_description);
  });

  it('saves as before when the form is sent to be saved', async () => {
    const response = await post(newProductAction, '/admin/products/new', [
      ['intent', 'create'],
      ['name', ''],
    ]);
    expect(response.status).toBe(400);
    expect((await response.json()).result.error).toBeTruthy();
  });
});

describe('the Italian texts of a product', () => {
  it('saves them from the form (lists one per line, measurements by commas) and says what is missing', async () => {
    const tee = await api.database.db.selectFrom('products').select('id').where('name', '=', 'Padded Tee').executeTakeFirstOrThrow();
    const path = `/admin/products/${tee.id}`;
    const response = await post(
      productAction,
      path,
      [
        ['intent', 'italian'],
        ['category', 'T-shirt'],
        ['short_description', 'Maglietta squadrata e trapuntata.'],
        ['long_description', ''],
        ['fit_description', 'Squadrata.'],
        ['sizing_tips', 'Prima\r\n\r\nSeconda'],
        ['model_info', ''],
        ['points', 'Torace, Lunghezza'],
      ],
      { id: tee.id },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(path);
    const saved = await api.app.request(`/api/admin/products/${tee.id}`, { headers: { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const product = await saved.json();
    expect(product.italian).toEqual({
      category: 'T-shirt',
      short_description: 'Maglietta squadrata e trapuntata.',
      long_description: '',
      fit_description: 'Squadrata.',
      sizing_tips: ['Prima', 'Seconda'],
      model_info: [],
      points: ['Torace', 'Lunghezza'],
    });
    expect(product.italian_missing).toEqual(['long description']);

    const refused = await post(
      productAction,
      path,
      [
        ['intent', 'italian'],
        ['short_description', 'x'.repeat(301)],
      ],
      { id: tee.id },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ italianForm: true, message: 'Keep the Italian short description to 300 characters' });
  });
});
