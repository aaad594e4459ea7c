import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { signIn, signInSchema } from '~/lib/auth.server';
import { cardFace, signCardFace, toCardView, verifyCardShare } from '~/lib/cards.server';
import { loadOrderConfirmation } from '~/lib/order-confirmation.server';

import { callRoute, contextFor, sessionFor } from '../../tests/support/route-context';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { storefrontTestApi } from '../../tests/support/storefront-api';
import { loader } from './cards.$file';
import { loader as profileLoader } from './profile';

const api = storefrontTestApi({ storage: 'api' });
let tee: Awaited<ReturnType<typeof variants>>[number];

beforeAll(async () => {
  // A black one: its card shows the colour bought (the card's own, before it is unlocked, is red).
  tee = (await variants(api)).find((v) => v.sku === 'TT-BLK-SM')!;
  // A recognisable static image for the black Tracer Tee's card: pure red.
  const card = await api.database.db
    .selectFrom('card_colours as cc')
    .innerJoin('cards as c', 'c.id', 'cc.card_id')
    .select('cc.image_path')
    .where('c.product_id', '=', tee.product_id)
    .where('cc.colour', '=', 'BLACK')
    .executeTakeFirstOrThrow();
  await api.storage.put(
    'cards',
    card.image_path,
    await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ff0000' } })
      .webp({ lossless: true })
      .toBuffer(),
  );
});

let n = 0;
/** A registered shopper through the real API, and the storefront session cookie that signs them in. */
async function member(buy = true) {
  const s = shopper(api);
  const answer = await s.register(`cards-route-${++n}-${Date.now()}@example.com`);
  const purchaseId = buy ? await buyThroughCheckout(api, s, [{ id: tee.id }]) : null;
  const request = new Request('http://shop.test/');
  const cookie = (await signIn(contextFor(request), await sessionFor(request), signInSchema.parse(answer))).split(';')[0];
  return { s, cookie, purchaseId };
}

/** The profile page's cards, as its loader gives them. */
async function profileCards(
  cookie: string,
): Promise<{ state: string; cards: { id: string; sharePath: string }[]; cardTotal: number | null }> {
  const response = await callRoute(profileLoader, new Request('http://shop.test/profile', { headers: { Cookie: cookie } }));
  return (await response.json()) as { state: string; cards: { id: string; sharePath: string }[]; cardTotal: number | null };
}

const get = (path: string, cookie?: string) => {
  const request = new Request(`http://shop.test${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const file = decodeURIComponent(new URL(request.url).pathname.split('/').pop()!);
  return callRoute(loader, request, { file });
};

async function png(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('image/png');
  const body = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(body).metadata();
  return { body, meta };
}

describe('order confirmation and user cards loaders', () => {
  it('give the cards a purchase unlocked and the shopper’s cards, with the face worked out and a signed share link', async () => {
    const { cookie, purchaseId } = await member();
    const request = new Request(`http://shop.test/order-success?purchase_intent_id=${purchaseId}`, { headers: { Cookie: cookie } });
    const data = await (await loadOrderConfirmation(request, contextFor(request), ['purchase_intent_id'])).json();
    expect(data.cards).toHaveLength(1);
    const [card] = data.cards;
    expect(card).toMatchObject({ name: 'Tracer Tee', label: 'COMMON', owner: 'Ada Rossi', frameFormat: 'webp', frameCount: 148 });
    // The shopper's own card's serial, not the catalogue card's id that every buyer shares.
    expect(card.code).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}$/);
    expect(card.code).not.toBe(card.id.slice(0, 18).toUpperCase());
    expect(card.date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(card.imageUrl).toBe(`${api.url}/storage/v1/object/public/cards/tracer-tee/v2/black/static.webp`);
    expect(card.framePrefix).toBe(`${api.url}/storage/v1/object/public/cards/tracer-tee/v2/black/frame_`);
    expect(card.sharePath).toMatch(new RegExp(`^/cards/${card.id}\\.png\\?share=[\\w-]+\\.[\\w-]+$`));

    const mine = await profileCards(cookie);
    expect(mine).toMatchObject({ state: 'ready', cardTotal: 4 });
    expect(mine.cards.map((c) => c.id)).toEqual([card.id]);
  });

  it('show a shopper without cards none, out of the shop’s total', async () => {
    const { cookie } = await member(false);
    expect(await profileCards(cookie)).toMatchObject({ state: 'ready', cards: [], cardTotal: 4 });
  });
});

describe('GET /cards/{id}.png', () => {
  it('draws the owner’s card face over its static image as a 600 x 800 PNG', async () => {
    const { cookie } = await member();
    const [card] = (await profileCards(cookie)).cards;
    const response = await get(`/cards/${card.id}.png`, cookie);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const { body, meta } = await png(response);
    expect([meta.width, meta.height]).toEqual([600, 800]);
    // The static image shows through away from the text; the rounded corners are transparent.
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 4)];
    expect(at(300, 300)).toEqual([255, 0, 0, 255]);
    expect(at(0, 0)[3]).toBe(0);
  });

  it('refuses another shopper, a visitor, and malformed addresses', async () => {
    const owner = await member();
    const [card] = (await profileCards(owner.cookie)).cards;
    const other = await member(false);
    for (const cookie of [other.cookie, undefined]) {
      const response = await get(`/cards/${card.id}.png`, cookie);
      expect(response.status).toBe(404);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    }
    expect((await get('/cards/nope.png', owner.cookie)).status).toBe(404);
    expect((await get(`/cards/${card.id}.jpg`, owner.cookie)).status).toBe(404);
  });

  it('answers anyone holding a signed share link, and only for the card it names', async () => {
    const { cookie } = await member();
    const [card] = (await profileCards(cookie)).cards;
    const shared = await get(card.sharePath);
    expect(shared.headers.get('Cache-Control')).toBe('public, max-age=86400');
    expect((await png(shared)).meta).toMatchObject({ width: 600, height: 800 });

    const token = new URL(card.sharePath, 'http://shop.test').searchParams.get('share')!;
    const [payload, signature] = token.split('.');
    const face = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...face, o: 'Someone Else' })).toString('base64url');
    expect((await get(`/cards/${card.id}.png?share=${forged}.${signature}`)).status).toBe(404);
    expect((await get(`/cards/${card.id}.png?share=${payload}.${signature.slice(0, -2)}xx`)).status).toBe(404);
    const otherId = card.id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await get(`/cards/${otherId}.png?share=${token}`)).status).toBe(404);
    expect((await get(`/cards/${card.id}.png?share=garbage`)).status).toBe(404);
  });
});

describe('an Italian card face', () => {
  it("draws the PNG of an Italian face (its label's words) under a share link, and keeps the language in the link", async () => {
    const { cookie } = await member();
    const [card] = (await profileCards(cookie)).cards;
    const token = new URL(card.sharePath, 'http://shop.test').searchParams.get('share')!;
    const face = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(face.l).toBeUndefined();
    const italian = signCardFace({ ...face, l: 'it' });
    const response = await get(`/cards/${card.id}.png?share=${italian}`);
    expect(response.status).toBe(200);
    const { meta } = await png(response);
    expect([meta.width, meta.height]).toEqual([600, 800]);
  });

  it('gives the card view and its share link the Italian words', () => {
    const view = toCardView(
      {
        id: '3f2a9c1e-4b7d-4e2a-9abc-0123456789ab',
        name: 'Tracer Tee',
        rarity: 'legendary',
        animation_folder_path: 'f',
        animation_file_name: 'frame_',
        animation_file_format: 'webp',
        animation_length: 148,
        image_path: 'f/static.webp',
        text_color: '#fff',
        accent_color: '#f00',
        bg_color: '#000',
        unlocked_at: '2026-11-22T10:00:00.000Z',
      },
      null,
      'it',
    );
    expect(view).toMatchObject({ label: 'LEGGENDARIA', owner: 'Ospite', date: '22 Novembre 2026' });
    const token = new URL(view.sharePath, 'http://shop.test').searchParams.get('share')!;
    expect(verifyCardShare(token, view.id)).toMatchObject({ l: 'it', o: 'Ospite' });
  });
});

describe('share tokens', () => {
  const face = cardFace(
    {
      id: '3f2a9c1e-4b7d-4e2a-9abc-0123456789ab',
      name: 'Tracer Tee',
      rarity: 'common',
      animation_folder_path: 'f',
      animation_file_name: 'frame_',
      animation_file_format: 'webp',
      animation_length: 148,
      image_path: 'f/static.webp',
      text_color: '#fff',
      accent_color: '#f00',
      bg_color: '#000',
      unlocked_at: '2026-11-22T10:00:00.000Z',
    },
    { first_name: 'Ada', last_name: 'Rossi' },
  );

  it('round-trip under the session secret and break under another', () => {
    const token = signCardFace(face);
    expect(verifyCardShare(token, face.id)).toEqual(face);
    const previous = process.env.SESSION_SECRET;
    process.env.SESSION_SECRET = 'another-session-secret-that-is-long-enough-000';
    try {
      expect(verifyCardShare(token, face.id)).toBeNull();
    } finally {
      process.env.SESSION_SECRET = previous;
    }
  });
});
