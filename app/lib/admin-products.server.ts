import { json } from '@remix-run/node';
import { toShopWallTime } from '@contract/shop-time';
import type { AdminProduct } from '@contract/api/products-admin';
import { ADMIN_HEADERS } from './admin.server';
import type { ProductFormValues } from '~/components/admin/product-form';

/** Products are the owner's: staff get a page that says so, not the forms. */
export function ownerOnlyAnswer() {
  return json({ forbidden: true as const }, { status: 403, headers: ADMIN_HEADERS });
}

/** A product as its form shows it: euros, the launch as a shop-zone wall time, the cap or nothing. */
export function productFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    short_description: product.short_description,
    long_description: product.long_description,
    price: (product.price / 100).toFixed(2),
    launch_date: toShopWallTime(product.launch_date),
    purchase_limit: product.purchase_limit ? String(product.purchase_limit) : '',
  };
}
