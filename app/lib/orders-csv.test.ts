import { describe, expect, it } from 'vitest';

import { serverTranslator } from './i18n.server';
import { ordersCsv, statusWithRefund, totalWithDiscount } from './orders-csv';

const order = {
  purchase_id: '0a1b2c3d-0000-4000-8000-000000000000',
  date: '2026-11-20T10:00:00.000Z',
  total: '€120.00',
  items: ['Tracer Tee'],
  item_count: 2,
};
const en = serverTranslator('en', 'account');
const it_ = serverTranslator('it', 'account');

describe('order_history.csv and refunds', () => {
  it('the status says what was refunded unless it already does', () => {
    expect(statusWithRefund({ status: 'Shipped', refunded: '€45.00' }, en)).toBe('Shipped (refunded €45.00)');
    expect(statusWithRefund({ status: 'Refunded', refunded: '€120.00' }, en)).toBe('Refunded');
    expect(statusWithRefund({ status: 'Cancelled', refunded: '€120.00' }, en)).toBe('Cancelled');
    expect(statusWithRefund({ status: 'Delivered', refunded: null }, en)).toBe('Delivered');
    expect(statusWithRefund({ status: 'Delivered' }, en)).toBe('Delivered');
  });

  it('keeps the five columns of the spec, the total as paid', () => {
    const csv = ordersCsv([{ ...order, status: 'Delivered', refunded: '€45.00' }], en);
    const [header, row] = csv.trim().split(/\r?\n/);
    expect(header).toBe('Order Number,Date,Items,Total,Status');
    expect(row).toBe('ORD-2026-11-20-0A1B2C3D,2026-11-20,Tracer Tee,€120.00,Delivered (refunded €45.00)');
  });

  it('names a discount code beside the total, in English as before', () => {
    expect(totalWithDiscount({ total: '€81.60', discount: '€20.40', discount_code: 'SUMMER10' }, en)).toBe(
      '€81.60 (discount SUMMER10 -€20.40)',
    );
    expect(totalWithDiscount({ total: '€81.60', discount: '€0.00', discount_code: 'SHIPFREE' }, en)).toBe(
      '€81.60 (discount SHIPFREE: free shipping)',
    );
  });

  it('speaks Italian for an Italian shopper: headers, status, refunds, discounts and decimal commas', () => {
    const csv = ordersCsv(
      [
        { ...order, total: '€1,081.60', status: 'Shipped', refunded: '€45.00', discount: '€20.40', discount_code: 'SUMMER10' },
        { ...order, status: 'Processing', discount: '€0.00', discount_code: 'SHIPFREE' },
      ],
      it_,
      'it',
    );
    expect(csv.trim().split(/\r?\n/)).toEqual([
      'Numero ordine,Data,Articoli,Totale,Stato',
      'ORD-2026-11-20-0A1B2C3D,2026-11-20,Tracer Tee,"€1081,60 (sconto SUMMER10 -€20,40)","Spedito (rimborsati €45,00)"',
      'ORD-2026-11-20-0A1B2C3D,2026-11-20,Tracer Tee,"€120,00 (sconto SHIPFREE: spedizione gratuita)",In lavorazione',
    ]);
  });
});
