import { sql } from 'kysely';

import { orderNumber } from '../../contract/order-number';
import type { TestApi } from './test-api';

/**
 * `count` new Processing orders copied from a paid one (same buyer, lines and address), each a minute
 * apart: a day's worth of orders to ship without paying for each through the checkout.
 */
export async function copiesOfOrder(api: TestApi, purchaseId: string, count: number): Promise<{ id: string; number: string }[]> {
  const db = api.database.db;
  const base = api.clock.now().getTime();
  const made: { id: string; number: string }[] = [];
  for (let i = 0; i < count; i += 1) {
    const { id, created_at } = await db
      .insertInto('purchases')
      .columns([
        'user_id',
        'email',
        'subtotal',
        'shipping_cost',
        'tax',
        'total',
        'shipping_address',
        'billing_address',
        'payment_method',
        'first_time_purchase_info',
        'created_at',
        'locale',
      ])
      .expression((eb) =>
        eb
          .selectFrom('purchases')
          .select([
            'user_id',
            'email',
            'subtotal',
            'shipping_cost',
            'tax',
            'total',
            'shipping_address',
            'billing_address',
            'payment_method',
            'first_time_purchase_info',
            sql<Date>`${new Date(base + i * 60_000)}::timestamptz`.as('created_at'),
            'locale',
          ])
          .where('id', '=', purchaseId),
      )
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await db
      .insertInto('purchase_items')
      .columns([
        'purchase_id',
        'product_id',
        'variant_id',
        'name',
        'sku',
        'variant_description',
        'variant_attributes',
        'quantity',
        'unit_price',
        'position',
      ])
      .expression((eb) =>
        eb
          .selectFrom('purchase_items')
          .select([
            sql<string>`${id}::uuid`.as('purchase_id'),
            'product_id',
            'variant_id',
            'name',
            'sku',
            'variant_description',
            'variant_attributes',
            'quantity',
            'unit_price',
            'position',
          ])
          .where('purchase_id', '=', purchaseId),
      )
      .execute();
    made.push({ id, number: orderNumber(id, created_at) });
  }
  return made;
}
