import type { LoaderFunction } from '@remix-run/node';
import { createRemixStub } from '@remix-run/testing';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { type I18nData, pageWords } from '~/lib/i18n';

import { deliverOrder, shipOrder } from '../../api/src/services/fulfilment';
import { requestReturn } from '../../api/src/services/returns/request';
import { backOfficeMember } from '../../tests/support/admin-member';
import { runAdminRoute } from '../../tests/support/admin-route';
import { buyThroughCheckout, shopper, variants } from '../../tests/support/shopper';
import { withStorefrontApi } from '../../tests/support/storefront-api';
import AdminCarriers, { action as carriersAction, loader as carriersLoader } from './admin.carriers';
import AdminOrders, { loader as ordersLoader } from './admin.orders._index';
import AdminOrder, { action as orderAction, loader as orderLoader } from './admin.orders.$order';
import { action as slipsAction } from './admin.orders.packing-slips';
import { action as shipmentsAction, loader as shipmentsLoader } from './admin.orders.shipments';
import AdminReturns, { loader as returnsLoader } from './admin.returns._index';
import AdminReturn, { action as returnAction, loader as returnLoader } from './admin.returns.$number';

/** The orders area of the back office for a member who chose Italian (issue 38): loaders, notices, refusals and a page. */
const api = withStorefrontApi();

const cookieOf = (response: Response) => (response.headers.get('Set-Cookie') ?? '').split(';')[0];

interface Answer {
  i18n: I18nData;
  notice?: string | null;
}

/** A member signed in, who then chose Italian with the frame's switcher: the cookie of their session. */
async function italianMember(role: 'owner' | 'staff'): Promise<string> {
  return (await backOfficeMember(api.current, role, { locale: 'it' })).cookie;
}

/** A page's component drawn with its loader's answer, as the browser first gets it. */
function draw(path: string, pattern: string, Component: () => JSX.Element, data: Record<string, unknown>): string {
  const Page = createRemixStub([{ path: pattern, Component, loader: () => data }]);
  return renderToStaticMarkup(createElement(Page, { initialEntries: [path], hydrationData: { loaderData: { '0': data } } }));
}

const read = async (response: Response) => (await response.json()) as Answer & Record<string, unknown>;

let owner: string;
let staff: string;
let purchaseId: string;

beforeAll(async () => {
  owner = await italianMember('owner');
  staff = await italianMember('staff');
  const buyer = shopper(api.current);
  await buyer.register();
  purchaseId = await buyThroughCheckout(api.current, buyer, [{ id: (await variants(api.current))[0].id }]);
});

describe('the orders area in Italian', () => {
  it("answers every page's words in the member's language, with the forms' messages", async () => {
    const pages: [LoaderFunction, string, Record<string, string>][] = [
      [ordersLoader, '/admin/orders', {}],
      [orderLoader, `/admin/orders/${purchaseId}`, { order: purchaseId }],
      [shipmentsLoader, '/admin/orders/shipments', {}],
      [returnsLoader, '/admin/returns', {}],
      [carriersLoader, '/admin/carriers', {}],
    ];
    for (const [loader, path, params] of pages) {
      const answer = await read(await runAdminRoute(loader, path, params, { cookie: owner }));
      expect(answer.i18n.locale, path).toBe('it');
      expect(pageWords(answer.i18n).messages, path).toHaveProperty('adminOrders.title');
      expect(pageWords(answer.i18n).messages, path).toHaveProperty('adminOrders.orderStatus.processing');
      expect(pageWords(answer.i18n).formMessages?.['Tick the box to confirm'], path).toBe('Spunta la casella per confermare');
    }
  });

  it('ships an order with an Italian notice, and refuses a second shipment in Italian', async () => {
    const path = `/admin/orders/${purchaseId}`;
    const ship = (tracking: string) =>
      runAdminRoute(
        orderAction,
        path,
        { order: purchaseId },
        {
          cookie: staff,
          form: [
            ['intent', 'ship'],
            ['carrier', 'BRT'],
            ['tracking', tracking],
          ],
        },
      );
    const shipped = await ship('IT0042');
    expect(shipped.status).toBe(303);
    const next = await read(await runAdminRoute(orderLoader, path, { order: purchaseId }, { cookie: cookieOf(shipped) }));
    expect(next.notice).toMatch(
      /^L'ordine ORD-\S+ risulta spedito con BRT\. Al cliente è stato inviato via email il link di tracciamento\.$/,
    );

    const again = await ship('IT0043');
    expect(again.status).toBe(400);
    const refusal = ((await again.json()) as { result: { error: Record<string, string[]> } }).result.error[''][0];
    expect(refusal).toBeTruthy();
    expect(refusal).not.toMatch(/not Processing|Order ORD-/);
  });

  it('refuses a CSV without a file, a carrier from staff and slips with none ticked, each in Italian', async () => {
    const noFile = await runAdminRoute(shipmentsAction, '/admin/orders/shipments', {}, { cookie: owner, form: [['file', '']] });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ error: 'Scegli il file CSV delle spedizioni' });

    const carrier = await runAdminRoute(
      carriersAction,
      '/admin/carriers',
      {},
      {
        cookie: staff,
        form: [
          ['intent', 'add'],
          ['name', 'SDA'],
          ['tracking_url_template', 'https://track.sda.example/?n={number}'],
        ],
      },
    );
    // The API's refusal (only an owner changes the carriers) said by its code, in Italian.
    expect(await carrier.json()).toEqual({ form: 'new', errors: ['Con il tuo account non puoi fare questa operazione.'] });

    const slips = await runAdminRoute(slipsAction, '/admin/orders/packing-slips', {}, { cookie: owner, form: [['scope', 'selected']] });
    expect(slips.status).toBe(303);
    const list = await read(await runAdminRoute(ordersLoader, '/admin/orders', {}, { cookie: cookieOf(slips) }));
    expect(list.notice).toBe('Spunta almeno un ordine per la sua distinta');
  });

  it("draws an order's page in Italian, with no English heading", async () => {
    const path = `/admin/orders/${purchaseId}`;
    const data = await read(await runAdminRoute(orderLoader, path, { order: purchaseId }, { cookie: owner }));
    const html = draw(path, '/admin/orders/:order', AdminOrder, data);
    for (const word of [
      'Tutti gli ordini',
      'Stato',
      'Articoli',
      'Consegnare a',
      'Pagamento',
      'Incassato',
      'Note',
      'Cronologia',
      'Tracciamento',
    ])
      expect(html, word).toContain(word);
    expect(html).toMatch(/<h1 id="order-heading">Ordine ORD-/);
    for (const english of ['>Items<', '>Deliver to<', '>Payment<', '>Notes<', '>History<', 'All orders', 'Add note', 'Not shipped yet'])
      expect(html, english).not.toContain(english);
  });

  it('draws the order list, the returns and the carriers in Italian', async () => {
    const orders = await read(await runAdminRoute(ordersLoader, '/admin/orders', {}, { cookie: owner }));
    const ordersHtml = draw('/admin/orders', '/admin/orders', AdminOrders, orders);
    for (const word of [
      '<h1 id="orders-heading">Ordini</h1>',
      'Cerca ordini',
      'Qualsiasi stato',
      'Rimborsato in parte',
      'Distinte di imballaggio',
      'Esporta questi ordini in CSV',
      'Data (ora italiana)',
    ])
      expect(ordersHtml, word).toContain(word);
    expect(ordersHtml).not.toMatch(/Packing slips|Any status|Newer orders|>Order<|>Status</);

    const returns = await read(await runAdminRoute(returnsLoader, '/admin/returns', {}, { cookie: owner }));
    const returnsHtml = draw('/admin/returns', '/admin/returns', AdminReturns, returns);
    for (const word of [
      '<h1 id="returns-heading">Resi</h1>',
      'Numero di reso sul pacco',
      'Fase',
      'Reso richiesto',
      'Nessun reso in questa fase.',
    ])
      expect(returnsHtml, word).toContain(word);
    expect(returnsHtml).not.toMatch(/Return number|No returns|>Find</);

    const carriers = await read(await runAdminRoute(carriersLoader, '/admin/carriers', {}, { cookie: owner }));
    const carriersHtml = draw('/admin/carriers', '/admin/carriers', AdminCarriers, carriers);
    for (const word of ['<h1 id="carriers-heading">Corrieri</h1>', 'Salva GLS', 'Rimuovi GLS', 'Aggiungi un corriere', '{number}'])
      expect(carriersHtml, word).toContain(word);
    expect(carriersHtml).not.toMatch(/Save GLS|Add a carrier|Tracking page address/);
  });

  it("marks a return's parcel received with an Italian notice, and draws the return in Italian", async () => {
    const CLI = { kind: 'cli', role: 'owner' } as const;
    const buyer = shopper(api.current);
    await buyer.register();
    const bought = await buyThroughCheckout(api.current, buyer, [{ id: (await variants(api.current))[0].id }]);
    await shipOrder(api.current.deps, bought, 'BRT', 'BRT 7', CLI);
    await deliverOrder(api.current.deps, bought, CLI);
    const line = await api.current.database.db
      .selectFrom('purchase_items')
      .select('id')
      .where('purchase_id', '=', bought)
      .executeTakeFirstOrThrow();
    const { number } = await requestReturn(api.current.deps, bought, {
      reason: 'too_big',
      comment: '',
      refund_to: 'payment',
      whole_order: false,
      lines: [{ item_id: line.id, quantity: 1 }],
    });
    const path = `/admin/returns/${number}`;

    const received = await runAdminRoute(returnAction, path, { number }, { cookie: staff, form: [['intent', 'receive']] });
    expect(received.status).toBe(303);
    const data = await read(await runAdminRoute(returnLoader, path, { number }, { cookie: cookieOf(received) }));
    expect(data.notice).toBe(`Il reso ${number} risulta ricevuto. Al cliente è stata inviata un'email.`);

    const html = draw(path, '/admin/returns/:number', AdminReturn, { ...data, notice: null, owner: true });
    for (const word of [`Reso ${number}`, 'Reso ricevuto', 'Troppo grande', 'Un rimborso', 'Articoli resi', 'Rimborsa gli articoli resi'])
      expect(html, word).toContain(word);
    expect(html).not.toMatch(/Returned items|Too big|A refund|Mark the parcel/);
  });
});
