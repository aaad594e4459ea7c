import type { ActionFunction } from '@remix-run/node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readOutbox } from '../../api/src/services/mail';
import { callRoute } from '../../tests/support/route-context';
import { startTestApi, TEST_ADMIN_TOKEN } from '../../tests/support/test-api';
import { loader as rootLoader } from '../root';
import { action as loginAction } from './admin.login';
import { action as productsAction } from './admin.products._index';
import { action as productAction } from './admin.products.$id';
import { action as newProductAction } from './admin.products.new';

/** The product form's description preview, as plain actions against the real API. */
type Api = Awaited<ReturnType<typeof startTestApi>>;
let api: Api;
let cookie: string;
const PASSWORD = 'Back-Office-2026';

async function post(
  fn: ActionFunction,
  path: string,
  form: [string, string][] | FormData,
  params: Record<string, string> = {},
): Promise<Response> {
  const request = new Request(`http://shop.test${path}`, {
    method: 'POST',
    body: form instanceof FormData ? form : new URLSearchParams(form),
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

describe('uploading an image', () => {
  it('answers with a redirect to the product page, so without JavaScript the upload form comes back empty', async () => {
    const jorts = await api.database.db.selectFrom('products').select('id').where('name', '=', 'Padded Jorts').executeTakeFirstOrThrow();
    const path = `/admin/products/${jorts.id}`;
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2b2b2b' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('intent', 'image-upload');
    form.set('file', new File([photo], 'jorts-side.png', { type: 'image/png' }));
    form.set('alt', 'Padded Jorts from the side');
    form.set('type', 'product');
    form.set('focal_x', '50');
    form.set('focal_y', '50');
    const response = await post(productAction, path, form, { id: jorts.id });
    // A 303 to the page itself (Post/Redirect/Get): the browser loads the page anew, its file and
    // description fields empty; an answer with the page (200, or 400 as a refusal is) would keep them.
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(path);
    const images = await api.database.db.selectFrom('images').select('alt').where('product_id', '=', jorts.id).execute();
    expect(images.map((image) => image.alt)).toContain('Padded Jorts from the side');
  });
  it('keeps the typed description, kind and focal point when an upload is refused (the file must be chosen again)', async () => {
    const jorts = await api.database.db.selectFrom('products').select('id').where('name', '=', 'Padded Jorts').executeTakeFirstOrThrow();
    const form = new FormData();
    form.set('intent', 'image-upload');
    form.set('file', new File([], 'empty.png', { type: 'image/png' }));
    form.set('alt', 'Padded Jorts, back pocket');
    form.set('type', 'featured');
    form.set('focal_x', '30');
    form.set('focal_y', '70');
    const response = await post(productAction, `/admin/products/${jorts.id}`, form, { id: jorts.id });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      imageForm: 'upload',
      message: 'Choose an image file to upload',
      typed: { alt: 'Padded Jorts, back pocket', type: 'featured', focal_x: '30', focal_y: '70' },
    });
  });
});

describe('a new product without a launch time', () => {
  it('is created on sale now: an empty launch field means now, not an error', async () => {
    const before = Date.now();
    const response = await post(newProductAction, '/admin/products/new', [
      ['intent', 'create'],
      ['name', 'Now Cap'],
      ['category', 'Caps'],
      ['short_description', 'On sale at once.'],
      ['long_description', ''],
      ['price', '25'],
      ['launch_date', ''],
      ['purchase_limit', ''],
      ['sku_prefix', 'NOWC'],
      ['colours', 'Black'],
      ['sizes', 'One size'],
      ['material', ''],
      ['treatment', ''],
      ['stock_per_variant', '3'],
    ]);
    expect(response.status).toBe(303);
    const made = await api.database.db
      .selectFrom('products')
      .select(['id', 'launch_date'])
      .where('name', '=', 'Now Cap')
      .executeTakeFirstOrThrow();
    expect(response.headers.get('Location')).toContain(made.id);
    // "Now" is the API's clock (a fixed clock here, set to the minute the test API started).
    expect(made.launch_date.getTime()).toBe(api.clock.now().getTime());
    expect(made.launch_date.getTime()).toBeLessThanOrEqual(before);
    const details = await (await api.app.request('/api/products/details?product_name=Now%20Cap')).json();
    expect(details.coming_soon ?? false).toBe(false);
  });
});

describe("the shop's menu", () => {
  it('features the products the owner ticks, in the list’s order, on the next page; none ticked, the newest again', async () => {
    const menuOnPage = async () => {
      const response = (await callRoute(rootLoader, new Request('http://shop.test/about'))) as Response;
      return ((await response.json()) as { menu: { products: { name: string }[] } }).menu.products.map((p) => p.name);
    };
    const ids = Object.fromEntries(
      (await api.database.db.selectFrom('products').select(['id', 'name']).execute()).map((row) => [row.name, row.id]),
    );
    expect(await menuOnPage()).toEqual(expect.arrayContaining(['Tracer Tee', 'Padded Jorts', 'Tracer Hoodie']));

    const saved = await post(productsAction, '/admin/products', [
      ['product_ids', ids['Tracer Hoodie']],
      ['product_ids', ids['Padded Tee']],
    ]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe('/admin/products');
    expect(await menuOnPage()).toEqual(['Tracer Hoodie', 'Padded Tee']);

    const tooMany = await post(
      productsAction,
      '/admin/products',
      Array.from({ length: 9 }, () => ['product_ids', ids['Tracer Tee']] as [string, string]),
    );
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toBe('Choose at most 8 products for the menu');
    expect(await menuOnPage()).toEqual(['Tracer Hoodie', 'Padded Tee']);

    expect((await post(productsAction, '/admin/products', [])).status).toBe(303);
    expect(await menuOnPage()).toEqual(expect.arrayContaining(['Tracer Tee', 'Padded Jorts', 'Tracer Hoodie', 'Padded Tee']));
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
