import { parseWithZod } from '@conform-to/zod';
import { json } from '@remix-run/node';
import type { ZodTypeAny } from 'zod';

import type { AdminProduct } from '@contract/api/products-admin';
import { toShopWallTime } from '@contract/shop-time';

import type { ProductFormValues } from '~/components/admin/product-form';

import { ADMIN_HEADERS } from '../admin.server';
import { markdownHtml } from '../markdown.server';
import type { StaffContext } from '../staff-session.server';
import { adminI18n } from './i18n.server';

/** Products are the owner's: staff get a page that says so (in their language), not the forms. */
export async function ownerOnlyAnswer(context: { staff: StaffContext; dataRequest: boolean }) {
  return json({ forbidden: true as const, i18n: await adminI18n(context, 'admin-catalogue') }, { status: 403, headers: ADMIN_HEADERS });
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

/**
 * The product form's "Preview description" button: the long description as the shop will show it,
 * nothing saved, and the form kept as typed (without its errors: a draft may be unfinished).
 * Null when the form was sent to be saved.
 */
export function descriptionPreview(formData: FormData, schema: ZodTypeAny) {
  if (formData.get('preview') !== 'description') return null;
  const { error: _error, status: _status, ...kept } = parseWithZod(formData, { schema }).reply();
  const text = String(formData.get('long_description') ?? '');
  return json({ result: kept, preview: markdownHtml(text) }, { headers: ADMIN_HEADERS });
}
