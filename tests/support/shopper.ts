import { readOutbox } from '../../api/src/services/mail';
import type { TestApi } from './test-api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers as the tests read them, field by field without casts
export type Json = Record<string, any>;

export interface ShopperResponse {
  status: number;
  body: Json;
  text: string;
  /** The answer's bytes, for a file that is not text (the data export's .zip). */
  bytes: Uint8Array;
  headers: Headers;
}

let counter = 0;
export const uniqueEmail = (prefix = 'shopper') => `${prefix}${++counter}-${Date.now()}@example.com`;

/**
 * A browser-like client of the in-process API: keeps the cart cookie the API sets and, once signed
 * in, sends the bearer token, as the storefront does on the shopper's behalf; with `locale`, every
 * call says the page's language as the storefront does (Accept-Language). `cartCookie` starts it with
 * a cart the storefront holds already (its session's `apiCartCookie`).
 */
export function shopper(api: TestApi, options: { locale?: 'en' | 'it'; cartCookie?: string } = {}) {
  let cartCookie: string | undefined = options.cartCookie;
  let accessToken: string | undefined;
  let email: string | undefined;

  async function request(
    method: string,
    path: string,
    body?: unknown,
    init: { form?: Record<string, string>; bearer?: boolean; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...(options.locale ? { 'Accept-Language': options.locale } : {}), ...init.headers };
    if (cartCookie) headers.Cookie = `cart_token=${cartCookie}`;
    if (accessToken && init.bearer !== false) headers.Authorization = `Bearer ${accessToken}`;
    let payload: string | undefined;
    if (init.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(init.form).toString();
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await api.app.request(path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    const match = setCookie && /cart_token=([^;]*)/.exec(setCookie);
    if (match) cartCookie = match[1] || undefined;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = {};
    }
    return { status: res.status, body: json, text, bytes, headers: res.headers } satisfies ShopperResponse;
  }

  async function lastCode(to: string) {
    const [message] = await readOutbox(api.database.db, to);
    const match = /\b(\d{6})\b/.exec(message?.text ?? '');
    if (!match) throw new Error(`no code mailed to ${to}`);
    return match[1];
  }

  async function signedIn(res: ShopperResponse) {
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    accessToken = res.body.access_token;
    email = res.body.user.email;
    return res.body;
  }

  return {
    request,
    get: (path: string) => request('GET', path),
    post: (path: string, body?: unknown) => request('POST', path, body ?? {}),
    put: (path: string, body: unknown) => request('PUT', path, body),
    del: (path: string) => request('DELETE', path),
    get cartCookie() {
      return cartCookie;
    },
    get email() {
      return email;
    },
    get accessToken() {
      return accessToken;
    },
    signOut() {
      accessToken = undefined;
    },
    forgetCookie() {
      cartCookie = undefined;
    },
    async signInAsGuest(address = uniqueEmail('guest')) {
      await request('POST', '/api/auth/register', { email: address, guest_checkout: true });
      return signedIn(await request('POST', '/api/auth/verify-guest', { email: address, code: await lastCode(address) }));
    },
    /** Registers `address`; `extra` goes with the last step (the sign-up's `marketing` opt-in). */
    async register(address = uniqueEmail('member'), password = 'Sunny-Day-2026', extra: Record<string, unknown> = {}) {
      await request('POST', '/api/auth/register', { email: address, guest_checkout: false });
      await request('POST', '/api/auth/verify-email', { email: address, code: await lastCode(address) });
      return signedIn(
        await request('POST', '/api/auth/complete-registration', {
          email: address,
          password,
          first_name: 'Ada',
          last_name: 'Rossi',
          ...extra,
        }),
      );
    },
    async login(address: string, password = 'Sunny-Day-2026') {
      return signedIn(await request('POST', '/api/auth/login', { email: address, password }));
    },
  };
}

export type Shopper = ReturnType<typeof shopper>;

/** Variants in stock, with what tests need to set prices and stock directly. */
export async function variants(api: TestApi) {
  return api.database.db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.sku', 'v.price', 'v.stock_quantity', 'v.product_id', 'p.name'])
    .where('v.stock_quantity', '>', 0)
    .$narrowType<{ stock_quantity: number }>()
    .orderBy('v.sku')
    .execute();
}

/**
 * How the API's refusals name a seeded variant: the product, then its colour and size as the product
 * page shows them (material and treatment are the same for every variant of a seeded product).
 */
export async function variantLabelOf(api: TestApi, variant: { id: string; name: string }): Promise<string> {
  const rows = await api.database.db
    .selectFrom('variant_attributes')
    .select(['attribute_name', 'value_description'])
    .where('variant_id', '=', variant.id)
    .where('attribute_name', 'in', ['color', 'size'])
    .orderBy('order')
    .execute();
  return rows.length ? `${variant.name} (${rows.map((r) => r.value_description).join(', ')})` : variant.name;
}

export async function setVariant(api: TestApi, id: string, values: { price?: number; stock_quantity?: number | null }) {
  await api.database.db.updateTable('product_variants').set(values).where('id', '=', id).execute();
}

/** The stock of a variant that counts it (a gift card's is not counted: null in the table). */
export async function stockOf(api: TestApi, id: string): Promise<number> {
  const row = await api.database.db.selectFrom('product_variants').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow();
  if (row.stock_quantity === null) throw new Error(`Variant ${id} does not count its stock`);
  return row.stock_quantity;
}

/** What a buyer posts on the test payment page: the paying test card and a delivery address. */
export const PAID_CARD = {
  card_number: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
  name_on_card: 'Ada Rossi',
  shipping_name: 'Ada Rossi',
  shipping_line1: 'Via Po 1',
  shipping_city: 'Torino',
  shipping_postal_code: '10124',
  shipping_country: 'IT',
};

/** A purchase made the way a shopper makes one: cart, checkout, the test payment page. Returns its id. */
export async function buyThroughCheckout(api: TestApi, s: Shopper, lines: { id: string; quantity?: number }[]): Promise<string> {
  for (const line of lines) {
    const added = await s.post('/api/cart/add', { variant_id: line.id, quantity: line.quantity ?? 1 });
    if (added.status !== 200) throw new Error(`cart/add failed: ${added.status} ${added.text}`);
  }
  const started = await s.post('/api/checkout/', {
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/cart',
    email: s.email,
    metadata: {},
  });
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${started.text}`);
  const paid = await s.request('POST', new URL(started.body.checkout_url).pathname, undefined, { form: PAID_CARD });
  const sessionId = new URL(paid.headers.get('location') ?? 'http://x/').searchParams.get('session_id');
  const success = await s.get(`/api/user/purchase-success/${sessionId}`);
  if (success.status !== 200) throw new Error(`payment failed: ${success.status} ${success.text}`);
  api.clock.advance(60_000); // the next purchase is newer
  return success.body.purchase_id;
}
