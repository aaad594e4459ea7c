import { describe, expect, it } from 'vitest';

import { sortAttributes } from './attribute-order';
import { purchaseDetailReader } from './purchase-detail.server';
import { addressLines, statusTone } from './purchases';

const ID = '1a2b3c4d-0000-4000-8000-000000000000';

describe('purchaseDetailReader', () => {
  it('reads the field names of our API', () => {
    const detail = purchaseDetailReader.parse({
      purchase_id: ID,
      order_number: 'ORD-2026-11-22-1A2B3C4D',
      created_at: '2026-11-22T10:00:00.000Z',
      status: 'Shipped',
      items: [{ name: 'Tracer Tee', sku: 'TT-BLK-SM', quantity: 1, price: 4500, variant: 'Black S/M', variant_attributes: [] }],
      subtotal: 4500,
      shipping_cost: 2000,
      tax: 811,
      discount: 0,
      total: 6500,
      tracking_number: '123',
      carrier: 'GLS',
      shipping_address: { name: 'Ada Rossi', line1: 'Via Po 1', city: 'Torino', postal_code: '10124', country: 'IT' },
      payment_method: 'Visa •••• 4242',
    });
    expect(detail).toMatchObject({
      subtotal: 4500,
      shipping: 2000,
      tracking_number: '123',
      carrier: 'GLS',
      payment_method: 'Visa •••• 4242',
    });
    expect(detail.items[0]).toEqual({
      name: 'Tracer Tee',
      sku: 'TT-BLK-SM',
      quantity: 1,
      price: 4500,
      variant: 'Black S/M',
      variant_attributes: [],
      refunded_quantity: 0,
    });
    expect(detail.refunded_total).toBe(0);
  });

  it('reads what was refunded', () => {
    const detail = purchaseDetailReader.parse({
      purchase_id: ID,
      created_at: '2026-11-22T10:00:00.000Z',
      items: [{ name: 'Tracer Tee', quantity: 2, price: 4500, refunded_quantity: 1 }],
      total: 9000,
      refunded_total: 4500,
    });
    expect(detail.refunded_total).toBe(4500);
    expect(detail.items[0].refunded_quantity).toBe(1);
  });

  it.each([
    ['itemDetails', 'sub_total', 'shipping', 'trackingNumber', 'trackingProvider'],
    ['order_items', 'sub_total', 'shipping', 'tracking', 'tracking_provider'],
  ])('reads the alternative names %s, %s, %s, %s, %s (docs/product.md#data-purchase)', (items, subtotal, shipping, tracking, carrier) => {
    const detail = purchaseDetailReader.parse({
      purchase_id: ID,
      date: '2026-11-22T10:00:00.000Z',
      [items]: [{ name: 'Padded Tee', quantity: 2, price: '€60.00' }],
      [subtotal]: 120,
      [shipping]: 0,
      [tracking]: 'RR1',
      [carrier]: 'Poste Italiane',
      total: '€120.00',
    });
    expect(detail).toMatchObject({
      order_number: 'ORD-2026-11-22-1A2B3C4D',
      created_at: '2026-11-22T10:00:00.000Z',
      subtotal: 120,
      shipping: 0,
      total: '€120.00',
      tracking_number: 'RR1',
      carrier: 'Poste Italiane',
      items: [{ name: 'Padded Tee', quantity: 2, price: '€60.00', sku: null, variant: null, variant_attributes: [] }],
    });
  });

  it("falls back to 'Credit Card', no tax or shipping, and no items (docs/product.md#constants)", () => {
    const detail = purchaseDetailReader.parse({ purchase_id: ID });
    expect(detail).toMatchObject({
      payment_method: 'Credit Card',
      tax: null,
      shipping: null,
      items: [],
      tracking_number: null,
      carrier: null,
    });
  });
});

describe('sortAttributes', () => {
  it('puts colour, treatment and material before size, others after in their order', () => {
    const sorted = sortAttributes([
      { attribute_name: 'size', value: 'S/M' },
      { attribute_name: 'fit', value: 'Boxy' },
      { attribute_name: 'material', value: 'COTTON' },
      { attribute_name: 'Color', value: 'BLACK' },
      { attribute_name: 'treatment', value: 'PLAIN' },
      { attribute_name: 'print', value: 'None' },
    ]);
    expect(sorted.map((a) => a.attribute_name)).toEqual(['Color', 'treatment', 'material', 'size', 'fit', 'print']);
  });
});

describe('statusTone', () => {
  it('styles the three statuses whatever their case, anything else neutral', () => {
    expect(statusTone('Processing')).toBe('processing');
    expect(statusTone('SHIPPED')).toBe('shipped');
    expect(statusTone(' delivered ')).toBe('delivered');
    expect(statusTone('Cancelled')).toBe('neutral');
    expect(statusTone(null)).toBe('neutral');
  });
});

describe('addressLines', () => {
  it('leaves out the empty parts', () => {
    expect(
      addressLines({ name: 'Ada Rossi', line1: 'Via Po 1', line2: '', city: 'Torino', postal_code: '10124', state: null, country: 'IT' }),
    ).toEqual(['Ada Rossi', 'Via Po 1', '10124 Torino', 'Italy']);
    expect(addressLines(null)).toEqual([]);
  });

  it('names the countries the shop ships to, and keeps any other country as it was written', () => {
    expect(addressLines({ city: 'Lyon', country: 'fr' })).toEqual(['Lyon', 'France']);
    expect(addressLines({ city: 'Boston', country: 'USA' })).toEqual(['Boston', 'USA']);
  });
});
