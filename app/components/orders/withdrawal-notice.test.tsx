import { createRemixStub } from '@remix-run/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { localeOfPath } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';

import { PolicyPage } from '../policy-page';
import { WithdrawalNotice } from './withdrawal-notice';

/** As the server renders it, the page a shopper without JavaScript gets. */
function html(element: JSX.Element, path = '/orders') {
  const data = { i18n: i18nData(localeOfPath(path), 'account', 'returns') };
  const Stub = createRemixStub([{ path, Component: () => element, loader: () => data }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { '0': data } }} />);
}

const order = (values: Record<string, unknown>) =>
  ({
    purchase_id: '0a1b2c3d-0000-4000-8000-000000000001',
    order_number: 'ORD-20260302-0A1B2C3D',
    created_at: '2026-03-02T10:00:00Z',
    status: 'Delivered',
    return_window_ends_at: '2026-03-20T10:00:00Z',
    items: [{ name: 'Tracer Tee', quantity: 2, sku: 'TT-RED-SM', variant_attributes: [{ attribute_name: 'color', value: 'RED' }] }],
    ...values,
  }) as never;

describe("the order page's right of withdrawal", () => {
  it('gives the instructions, the one-step withdrawal on the return page, and the model form filled in for the order', () => {
    const out = html(<WithdrawalNotice detail={order({})} />);
    expect(out).toContain('Right of withdrawal');
    expect(out).toContain('You may withdraw from this order within 14 days of delivery, without giving a reason.');
    expect(out).toContain('href="/orders/0a1b2c3d-0000-4000-8000-000000000001/return#withdraw"');
    expect(out).toContain('href="/return-policy#model-withdrawal-form"');
    expect(out).toContain('To FILO S.r.l., Via della Spiga 12, 20121 Milano, Italy, support@filo.example:');
    expect(out).toMatch(/I hereby give notice that I withdraw from my contract of sale of the following goods: 2 × Tracer Tee \(/);
    expect(out).toContain('Order number: ORD-20260302-0A1B2C3D');
  });

  it('in Italian under /it; before delivery without the return button; gone once the window closed or the order ended', () => {
    const italian = html(<WithdrawalNotice detail={order({})} />, '/it/orders');
    expect(italian).toContain('Diritto di recesso');
    expect(italian).toContain('href="/it/return-policy#modulo-tipo-di-recesso"');
    expect(italian).toContain('Numero d&#x27;ordine: ORD-20260302-0A1B2C3D');

    const shipped = html(<WithdrawalNotice detail={order({ status: 'Shipped', return_window_ends_at: null })} />);
    expect(shipped).toContain('Right of withdrawal');
    expect(shipped).not.toContain('#withdraw"');
    expect(html(<WithdrawalNotice detail={order({ return_window_ends_at: null })} />)).toBe('');
    expect(html(<WithdrawalNotice detail={order({ status: 'Refunded' })} />)).toBe('');
    expect(html(<WithdrawalNotice detail={order({ status: 'Cancelled' })} />)).toBe('');
  });

  it('the return policy gives its sections anchors the order page links to, in both languages', () => {
    const page = html(<PolicyPage title="Return Policy" markdown={'## Model withdrawal form\n\n## Modulo tipo di recesso'} error={null} />);
    expect(page).toContain('<h2 id="model-withdrawal-form">Model withdrawal form</h2>');
    expect(page).toContain('<h2 id="modulo-tipo-di-recesso">Modulo tipo di recesso</h2>');
  });
});
