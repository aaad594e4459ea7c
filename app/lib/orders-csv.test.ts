import { describe, expect, it } from 'vitest';

import { ordersCsv, statusWithRefund } from './orders-csv';

const order = {
  purchase_id: '0a1b2c3d-0000-4000-8000-000000000000',
  date: '2026-11-20T10:00:00.000Z',
  total: '€120.00',
  items: ['Tracer Tee'],
  item_count: 2,
};

describe('order_history.csv and refunds', () => {
  it('the status says what was refunded unless it already does', () => {
    expect(statusWithRefund({ status: 'Shipped', refunded: '€45.00' })).toBe('Shipped (refunded €45.00)');
    expect(statusWithRefund({ status: 'Refunded', refunded: '€120.00' })).toBe('Refunded');
    expect(statusWithRefund({ status: 'Cancelled', refunded: '€120.00' })).toBe('Cancelled');
    expect(statusWithRefund({ status: 'Delivered', refunded: null })).toBe('Delivered');
    expect(statusWithRefund({ status: 'Delivered' })).toBe('Delivered');
  });

  it('keeps the five columns of the spec, the total as paid', () => {
    const csv = ordersCsv([{ ...order, status: 'Delivered', refunded: '€45.00' }]);
    const [header, row] = csv.trim().split(/\r?\n/);
    expect(header).toBe('Order Number,Date,Items,Total,Status');
    expect(row).toBe('ORD-2026-11-20-0A1B2C3D,2026-11-20,Tracer Tee,€120.00,Delivered (refunded €45.00)');
  });
});
