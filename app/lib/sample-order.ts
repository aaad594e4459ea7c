import type { PurchaseSuccess } from './cart.server';

/**
 * The fixed sample order of /order-details, a static demo confirmation (docs/product.md#routes).
 * Amounts in cents follow the shop's rules: free shipping over €150, 22% VAT included.
 */
export const SAMPLE_ORDER = {
  order_number: 'ORD-2026-03-14-5F3A9C21',
  date: '2026-03-14T10:30:00.000Z',
  estimated_delivery: '2026-03-21T10:30:00.000Z',
  status: 'Processing',
  subtotal: 16_500,
  shipping_cost: 0,
  tax: 2_975,
  total: 16_500,
  items: [
    {
      name: 'Tracer Tee',
      sku: 'TT-BLK-SM',
      quantity: 1,
      price: 4_500,
      variant_attributes: [
        { attribute_name: 'color', value: 'BLACK' },
        { attribute_name: 'size', value: 'S/M' },
      ],
    },
    {
      name: 'Padded Jorts',
      sku: 'PJ-BEI-LXL',
      quantity: 1,
      price: 12_000,
      variant_attributes: [
        { attribute_name: 'color', value: 'BEIGE' },
        { attribute_name: 'size', value: 'L/XL' },
      ],
    },
  ],
  shipping_address: {
    name: 'Ada Rossi',
    line1: 'Via XX Settembre 12',
    line2: null,
    city: 'Genova',
    state: 'GE',
    postal_code: '16121',
    country: 'IT',
  },
  payment_method: 'Credit Card ending in 4242',
  customer_email: 'ada.rossi@example.com',
} as const satisfies PurchaseSuccess;
