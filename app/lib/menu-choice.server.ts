import { menuProductsSchema } from '@contract/api/catalogue';
import { MENU_PRODUCTS_MAX } from '@contract/shop-rules';

import { adminErrorText } from './admin.server';
import { catalogueCache } from './cache.server';
import { serverTranslator } from './i18n.server';
import { pageCache } from './page-cache.server';
import type { SignedInStaff } from './staff-session.server';

/** The products the owner features in the shop's menu (ids, in order); [] when none is chosen. */
export async function readMenuChoice(staff: SignedInStaff): Promise<string[]> {
  return (await staff.api.request('GET', 'products/menu', menuProductsSchema)).product_ids;
}

/**
 * Saves the menu's products ticked on the products page (in the page's order): the notice to show,
 * or the form's error, in the member's language. This storefront's kept catalogue and pages are dropped at once, so the next
 * page shows the new menu; other instances show it when their kept list expires.
 */
export async function saveMenuChoice(staff: SignedInStaff, formData: FormData): Promise<{ notice: string } | { error: string }> {
  const t = serverTranslator(staff.locale, 'admin-catalogue');
  const ids = formData.getAll('product_ids').filter((id): id is string => typeof id === 'string' && id !== '');
  if (ids.length > MENU_PRODUCTS_MAX) return { error: t('adminCatalogue.menu.tooMany', { max: MENU_PRODUCTS_MAX }) };
  try {
    const saved = await staff.api.request('POST', 'admin/settings/menu', menuProductsSchema, { body: { product_ids: ids } });
    catalogueCache.invalidate();
    pageCache.clear();
    return {
      notice: saved.product_ids.length
        ? t('adminCatalogue.menu.saved', { count: saved.product_ids.length })
        : t('adminCatalogue.menu.newest'),
    };
  } catch (error) {
    return { error: adminErrorText(error, staff.locale) };
  }
}
