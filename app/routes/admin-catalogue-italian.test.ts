import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';

import { shopSettingsFormSchema } from '@contract/api/admin';
import { discountCodeFormSchema } from '@contract/api/discounts';
import {
  imageUpdateSchema,
  imageUploadFieldsSchema,
  italianTextsFormSchema,
  productCreateFormSchema,
  productEditFormSchema,
  sizeChartRequestSchema,
  variantCreateFormSchema,
  variantEditFormSchema,
} from '@contract/api/products-admin';

import { type I18nData, pageWords } from '~/lib/i18n';

import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import { restockFormSchema } from '../forms/admin';
import { giftCardAdminForm } from '../forms/gift-cards-admin';
import { FORM_MESSAGE_KEYS } from '../lib/form-messages.server';
import { loader as discountsLoader } from './admin.discounts._index';
import { action as discountsNewAction, loader as discountsNewLoader } from './admin.discounts.new';
import { action as giftCardsAction, loader as giftCardsLoader } from './admin.gift-cards._index';
import { action as productsAction, loader as productsLoader } from './admin.products._index';
import { loader as productLoader } from './admin.products.$id';
import { loader as newProductLoader } from './admin.products.new';
import AdminStock, { action as stockAction, loader as stockLoader } from './admin.stock';

/** The back office's catalogue pages (products, stock, discounts, gift cards) for a member who chose Italian (issue 38). */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];
type Answer = {
  i18n: I18nData;
  notice?: string | null;
};

/** An owner (or a member of staff) signed in, who then chose Italian with the frame's switcher. */
async function italianMember(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role, { locale: 'it' })).cookie;
}

const read = async (fn: Parameters<typeof runAdminRoute>[0], path: string, cookie: string, params: Record<string, string> = {}) =>
  (await (await runAdminRoute(fn, path, params, { cookie })).json()) as Answer & Record<string, unknown>;

const post = (fn: Parameters<typeof runAdminRoute>[0], path: string, cookie: string, form: [string, string][]) =>
  runAdminRoute(fn, path, {}, { cookie, form });

describe('the catalogue pages of the back office in Italian', () => {
  it("answers every page in the member's language, with the area's words and the forms' messages", async () => {
    const owner = await italianMember('owner');
    const products = await read(productsLoader, '/admin/products', owner);
    expect(products.i18n.locale).toBe('it');
    expect(pageWords(products.i18n).messages).toHaveProperty(['adminCatalogue.products.title']);
    const [first] = products.products as { id: string }[];
    const pages = [
      products,
      await read(newProductLoader, '/admin/products/new', owner),
      await read(productLoader, `/admin/products/${first!.id}`, owner, { id: first!.id }),
      await read(stockLoader, '/admin/stock', owner),
      await read(discountsLoader, '/admin/discounts', owner),
      await read(discountsNewLoader, '/admin/discounts/new', owner),
      await read(giftCardsLoader, '/admin/gift-cards', owner),
    ];
    for (const page of pages) {
      expect(page.i18n.locale).toBe('it');
      expect(Object.keys(pageWords(page.i18n).messages)).toEqual(
        expect.arrayContaining(['adminCatalogue.common.save', 'adminCatalogue.stock.title']),
      );
      expect(pageWords(page.i18n).formMessages?.['Enter a product name']).toBe('Inserisci il nome del prodotto');
    }
  });

  it('says its notices and refusals in Italian', async () => {
    const owner = await italianMember('owner');
    // The menu's refusal, and the stock page's: the schema's English said in Italian.
    const tooMany = await post(
      productsAction,
      '/admin/products',
      owner,
      Array.from({ length: 9 }, (_, i): [string, string] => ['product_ids', `00000000-0000-4000-8000-00000000000${i}`]),
    );
    expect((await tooMany.json()).error).toBe('Scegli al massimo 8 prodotti per il menu');
    const refused = await post(stockAction, '/admin/stock', owner, [
      ['sku', 'ANY'],
      ['quantity', '0'],
    ]);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('Aggiungi almeno 1 pezzo');
    const badCard = await post(giftCardsAction, '/admin/gift-cards', owner, [
      ['intent', 'issue'],
      ['amount', 'tanti'],
    ]);
    expect((await badCard.json()).error).toBe('Inserisci un importo in euro');

    // A notice left by an action, read once by the next page.
    const threshold = await post(stockAction, '/admin/stock', owner, [
      ['intent', 'threshold'],
      ['low_stock_threshold', '5'],
    ]);
    expect(threshold.status).toBe(303);
    expect((await read(stockLoader, '/admin/stock', cookieOf(threshold))).notice).toBe(
      'Le varianti con 5 pezzi o meno ora sono segnate In esaurimento.',
    );
    const code = `ESTATE${Date.now() % 100000}`;
    const created = await post(discountsNewAction, '/admin/discounts/new', owner, [
      ['code', code],
      ['kind', 'percent'],
      ['percent', '15'],
      ['active', 'on'],
    ]);
    expect(created.status).toBe(303);
    expect((await read(discountsLoader, '/admin/discounts', cookieOf(created))).notice).toBe(
      `Il codice ${code} è stato creato: 15% di sconto.`,
    );
  });

  it('tells a member of staff in Italian that the catalogue is the owner’s', async () => {
    const staff = await italianMember('staff');
    const answer = await runAdminRoute(productsLoader, '/admin/products', {}, { cookie: staff });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as Answer).i18n.locale).toBe('it');
    const card = await post(giftCardsAction, '/admin/gift-cards', staff, [['intent', 'bonus']]);
    expect((await card.json()).error).toBe('Solo un titolare può modificare le carte regalo.');
  });

  it('draws the stock page in Italian from its loader’s answer', async () => {
    const owner = await italianMember('owner');
    const data = await read(stockLoader, '/admin/stock', owner);
    const Page = createRemixStub([{ path: '/admin/stock', Component: AdminStock, loader: () => data }]);
    const html = renderToStaticMarkup(
      createElement(Page, { initialEntries: ['/admin/stock'], hydrationData: { loaderData: { '0': data } } }),
    );
    for (const words of ['<h1 id="stock-heading">Magazzino</h1>', 'Trattenuti dai pagamenti in corso', 'Rifornisci', 'Salva la soglia'])
      expect(html).toContain(words);
    for (const english of ['>Stock<', 'Held by checkouts', 'Save threshold', 'Restocking', 'Waiting']) expect(html).not.toContain(english);
  });
});

/** Every message a schema gives for these values. */
function messages(schema: ZodTypeAny, values: unknown[]): string[] {
  return values.flatMap((value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  });
}

const long = (n: number) => 'a'.repeat(n);

describe("the catalogue forms' validation messages", () => {
  it('has an Italian for every message the forms can give', () => {
    const given = new Set([
      ...messages(productCreateFormSchema, [
        {},
        { name: 'x', category: 'y', short_description: '', price: 'abc', launch_date: 'soon', purchase_limit: '0', stock_per_variant: 'x' },
        { name: '§§', category: long(41), short_description: long(301), long_description: long(10_001), price: '99999' },
        { name: 'Cap', category: 'Hats', short_description: 'A cap', price: '10', colours: 'Red, red', sizes: 'S, s', sku_prefix: 'x' },
        { name: 'Cap', category: 'Hats', short_description: 'A cap', price: '10', colours: '!', sizes: long(21), sku_prefix: 'CP' },
        { name: 'Cap', category: 'Hats', short_description: 'A cap', price: '10', colours: ',', sizes: ',', sku_prefix: 'CP' },
        {
          name: 'Cap',
          category: 'Hats',
          short_description: 'A cap',
          price: '10',
          colours: Array.from({ length: 13 }, (_, i) => `C${i}`).join(','),
          sizes: Array.from({ length: 13 }, (_, i) => `S${i}`).join(','),
          sku_prefix: 'CP',
          stock_per_variant: '-1',
        },
      ]),
      ...messages(productEditFormSchema, [{}, { name: long(81), category: 'a', short_description: 'b', price: '1,234' }]),
      ...messages(variantCreateFormSchema, [{}, { colour: '', size: '', sku: 'x', price: 'x', stock: 'x' }, { stock: '-1' }]),
      ...messages(variantEditFormSchema, [
        {},
        { colour: 'Red', size: 'M', sku: 'OK-1', price: '10', stock_change: 'x', listing_description: long(301) },
        { colour: 'Red', size: 'M', sku: 'OK-1', price: '10', stock_change: '999999' },
      ]),
      ...messages(imageUploadFieldsSchema, [{}, { alt: long(201), type: 'poster', focal_x: 'x', focal_y: '101' }]),
      ...messages(imageUpdateSchema, [{ alt: ' ', focal_x: -1, focal_y: 2.5 }]),
      ...messages(sizeChartRequestSchema, [
        { points: [], sizes: [] },
        {
          fit_description: long(1001),
          sizing_tips: Array.from({ length: 11 }, () => long(301)),
          model_info: Array.from({ length: 6 }, () => long(301)),
          points: Array.from({ length: 11 }, () => long(41)),
          sizes: [{ size: 'M', values: { A: 301 } }],
        },
      ]),
      ...messages(italianTextsFormSchema, [
        { category: long(41), short_description: long(301), long_description: long(10_001), fit_description: long(1001) },
        {
          sizing_tips: Array.from({ length: 11 }, () => long(301)).join('\n'),
          model_info: Array.from({ length: 6 }, () => 'x').join('\n'),
        },
        { points: long(41) },
      ]),
      ...messages(discountCodeFormSchema, [
        {},
        { code: 'x', kind: 'nope' },
        { code: 'SUMMER', kind: 'percent', percent: '0', min_total: 'x', starts_at: 'x', max_uses: '0', max_uses_per_customer: 'x' },
        { code: 'SUMMER', kind: 'amount', amount: 'x' },
        { code: 'SUMMER', kind: 'amount', amount: '', starts_at: '2026-12-02T10:00', ends_at: '2026-12-01T10:00' },
        { code: 'SUMMER', kind: 'amount', amount: '999999', min_total: '999999' },
      ]),
      ...messages(giftCardAdminForm, [
        { intent: 'issue', amount: 'x', expires_on: 'soon', recipient_email: 'nope' },
        { intent: 'issue', amount: '1' },
        { intent: 'issue', amount: '10000' },
        { intent: 'product', name: 'x', amounts: '' },
        { intent: 'product', name: long(81), amounts: '5 5 5 5 5 5 5 5 5' },
        { intent: 'bonus', percent: 'x' },
        { intent: 'bonus', percent: '2.5' },
        { intent: 'bonus', percent: '30' },
      ]),
      ...messages(restockFormSchema, [
        {},
        { sku: '', quantity: 'x' },
        { sku: 'A', quantity: '0' },
        { sku: 'A', quantity: '1.5' },
        { quantity: '100001' },
      ]),
      ...messages(shopSettingsFormSchema, [
        {},
        { low_stock_threshold: 'x' },
        { low_stock_threshold: '-1' },
        { low_stock_threshold: '10001' },
      ]),
    ]);
    const unknown = [...given].filter((message) => !Object.hasOwn(FORM_MESSAGE_KEYS, message));
    expect(unknown).toEqual([]);
    expect(given.size).toBeGreaterThan(50);
  });
});
