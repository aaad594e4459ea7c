import { menuProductsSchema } from '@contract/api/catalogue';
import { MENU_PRODUCTS_MAX } from '@contract/shop-rules';

import { adminErrorText } from './admin.server';
import { catalogueCache } from './cache.server';
import { pageCache } from './page-cache.server';
import type { SignedInStaff } from './staff-session.server';

/** The products the owner features in the shop's menu (ids, in order); [] when none is chosen. */
export async function readMenuChoice(staff: SignedInStaff): Promise<string[]> {
  return (await staff.api.request('GET', 'products/menu', menuProductsSchema)).product_ids;
}

/**
 * Saves the menu's products ticked on the products page (in the page's order): the notice to show,
 * or the form's error. This storefront's kept catalogue and pages are dropped at once, so the next
 * page shows the new menu; other instances show it when their kept list expires.
 */
export async function saveMenuChoice(staff: SignedInStaff, formData: FormData): Promise<{ notice: string } | { error: string }> {
  const ids = formData.getAll('product_ids').filter((id): id is string => typeof id === 'string' && id !== '');
  if (ids.length > MENU_PRODUCTS_MAX) return { error: `Choose at most ${MENU_PRODUCTS_MAX} products for the menu` };
  try {
    const saved = await staff.api.request('POST', 'admin/settings/menu', menuProductsSchema, { body: { product_ids: ids } });
    catalogueCache.invalidate();
    pageCache.clear();
    return {
      notice: saved.product_ids.length
        ? `The menu now features ${saved.product_ids.length} product${saved.product_ids.length === 1 ? '' : 's'}.`
        : 'The menu now lists the newest products.',
    };
  } catch (error) {
    return { error: adminErrorText(error) };
  }
}
