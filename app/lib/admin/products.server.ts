import { json } from '@remix-run/node';

import {
  adminProductListSchema,
  adminProductSchema,
  type ImageUpdate,
  type ItalianTextsRequest,
  type ProductCreateRequest,
  type ProductEditRequest,
  type SizeChartRequest,
  type VariantCreateRequest,
  type VariantEditRequest,
} from '@contract/api/products-admin';

import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ApiRequestError } from '~/lib/api.server';
import { serverTranslator } from '~/lib/i18n.server';
import type { SignedInStaff } from '~/lib/staff-session.server';

/**
 * The owner's products, over the signed-in member's API client: one function per API call. Every
 * change answers with the whole product as it now is. The forms' own helpers are in product-forms.server.ts.
 */
type Staff = Pick<SignedInStaff, 'api'>;
/** Reading one product also says, in the member's language, when there is none. */
type Reader = Pick<SignedInStaff, 'api' | 'locale'>;

const productPath = (id: string) => `admin/products/${encodeURIComponent(id)}`;
const imagePath = (id: string, imageId: string) => `${productPath(id)}/images/${encodeURIComponent(imageId)}`;

export function listProducts(staff: Staff) {
  return staff.api.request('GET', 'admin/products', adminProductListSchema);
}

/** One product, or the back office's 404 page. */
export async function getProduct(staff: Reader, id: string) {
  try {
    return await staff.api.request('GET', productPath(id), adminProductSchema);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw json(
        { detail: serverTranslator(staff.locale, 'admin-catalogue')('adminCatalogue.products.noSuch') },
        { status: 404, headers: ADMIN_HEADERS },
      );
    throw error;
  }
}

export function createProduct(staff: Staff, product: ProductCreateRequest) {
  return staff.api.request('POST', 'admin/products', adminProductSchema, { body: product });
}

export function saveProduct(staff: Staff, id: string, product: ProductEditRequest) {
  return staff.api.request('PUT', productPath(id), adminProductSchema, { body: product });
}

/** Takes the product out of the shop (`archived`), or puts it back. */
export function archiveProduct(staff: Staff, id: string, archived: boolean) {
  return staff.api.request('POST', `${productPath(id)}/archive`, adminProductSchema, { body: { archived } });
}

/** Adds a variant; it is the last of the answer's variants. */
export function addVariant(staff: Staff, id: string, variant: VariantCreateRequest) {
  return staff.api.request('POST', `${productPath(id)}/variants`, adminProductSchema, { body: variant });
}

export function saveVariant(staff: Staff, id: string, variantId: string, variant: VariantEditRequest) {
  return staff.api.request('PUT', `${productPath(id)}/variants/${encodeURIComponent(variantId)}`, adminProductSchema, { body: variant });
}

export function saveSizeChart(staff: Staff, id: string, chart: SizeChartRequest) {
  return staff.api.request('PUT', `${productPath(id)}/size-chart`, adminProductSchema, { body: chart });
}

export function saveItalianTexts(staff: Staff, id: string, texts: ItalianTextsRequest) {
  return staff.api.request('PUT', `${productPath(id)}/italian`, adminProductSchema, { body: texts });
}

/** Uploads an image: the file and its fields (alt text, type, focal point) as one multipart form. */
export function uploadImage(staff: Staff, id: string, form: FormData) {
  return staff.api.request('POST', `${productPath(id)}/images`, adminProductSchema, { form });
}

/** Saves an image's alt text and focal point. */
export function saveImage(staff: Staff, id: string, imageId: string, change: ImageUpdate) {
  return staff.api.request('PUT', imagePath(id, imageId), adminProductSchema, { body: change });
}

export function moveImage(staff: Staff, id: string, imageId: string, direction: 'up' | 'down') {
  return staff.api.request('POST', `${imagePath(id, imageId)}/move`, adminProductSchema, { body: { direction } });
}

export function removeImage(staff: Staff, id: string, imageId: string) {
  return staff.api.request('DELETE', imagePath(id, imageId), adminProductSchema);
}
