import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { localeOfPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { OrderConfirmation } from './order-confirmation';

/** The confirmation as the server renders it, the page a shopper without JavaScript gets. */
function html(element: JSX.Element, path = '/order-success') {
  const data = { i18n: i18nData(localeOfPath(path), 'order', 'cards') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

const order = {
  purchase_id: '0a1b2c3d-0000-4000-8000-000000000001',
  date: '2026-03-02T10:00:00Z',
  status: 'Processing',
  email: 'ada@example.com',
  items: [{ name: 'Tracer Tee', quantity: 2, price: '€45.00', sku: 'TT-BLK-SM', variant_attributes: [] }],
  subtotal: '€90.00',
  shipping_cost: '€0.00',
  tax: '€16.23',
  total: '€81.00',
  discount: 900,
  discount_code: 'SPRING10',
  gift_card_amount: 5000,
  gift_card_last4: '7K2M',
  store_credit_amount: 1200,
  shipping_address: null,
} as never;

describe('the order confirmation', () => {
  it('says no order was named, or that it could not be loaded, with the way home', () => {
    expect(html(<OrderConfirmation order={null} id={null} error={null} noOrderId registered={false} />)).toContain('No order ID provided');
    const failed = html(<OrderConfirmation order={null} id="x" error="The shop is busy" registered />);
    expect(failed).toContain('Unable to Load Order');
    expect(failed).toContain('The shop is busy');
  });

  it('shows what the code took off, and what a gift card and store credit paid', () => {
    const out = html(<OrderConfirmation order={order} id={null} error={null} registered />);
    expect(out).toContain('SPRING10');
    expect(out).toMatch(/data-testid="order-discount">-€9(\.00)?</);
    expect(out).toContain('Paid by gift card ····7K2M');
    expect(out).toMatch(/data-testid="order-gift-card">-€50(\.00)?</);
    expect(out).toContain('Paid by store credit');
    expect(out).toMatch(/data-testid="order-store-credit">-€12(\.00)?</);
    expect(out).toContain('ada@example.com');
  });

  it('in Italian, with the decimal comma', () => {
    const out = html(<OrderConfirmation order={order} id={null} error={null} registered={false} />, '/it/order-success');
    expect(out).not.toContain('Paid by store credit');
    expect(out).toMatch(/data-testid="order-store-credit">-€\s?12(,00)?</);
  });
});
