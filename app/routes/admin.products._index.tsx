import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { MENU_PRODUCTS_MAX } from '@contract/shop-rules';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { missingItalian } from '~/lib/admin/catalogue-words';
import { adminI18n } from '~/lib/admin/i18n.server';
import { listProducts } from '~/lib/admin/products.server';
import { readFormData } from '~/lib/form-data.server';
import { metaTranslator, type Translate, useI18n } from '~/lib/i18n';
import { readMenuChoice, saveMenuChoice } from '~/lib/menu-choice.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('adminCatalogue.products.title')) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const i18n = await adminI18n(context, 'admin-catalogue');
  if (staff.role !== 'owner')
    return json(
      { forbidden: true as const, products: [], menu: [] as string[], notice: null, i18n },
      { status: 403, headers: ADMIN_HEADERS },
    );
  const [products, menu, { notice, headers }] = await Promise.all([listProducts(staff), readMenuChoice(staff), takeNotice(context)]);
  return json({ forbidden: false as const, products, menu, notice, i18n }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

/** The products the shop's menu features (owner only: the API refuses anyone else). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  const saved = await saveMenuChoice(staff, await readFormData(request));
  if ('error' in saved) return json({ error: saved.error }, { status: 400, headers: ADMIN_HEADERS });
  return redirectWithNotice(context, '/admin/products', saved.notice);
}

/** The menu's products: ticked in the list's order (newest launch first); none ticked, the newest. */
/** The units of a product's variants, or 'Not counted' for a gift card's amounts, which have no stock. */
function stockOf(variants: { stock_quantity: number | null }[], t: Translate): number | string {
  const counted = variants.filter((variant) => variant.stock_quantity !== null);
  if (variants.length && !counted.length) return t('adminCatalogue.products.notCounted');
  return counted.reduce((sum, variant) => sum + variant.stock_quantity!, 0);
}

function MenuChoice({
  products,
  menu,
  error,
}: {
  products: { id: string; name: string; archived_at: string | null }[];
  menu: string[];
  error?: string;
}) {
  const { t } = useI18n();
  const chosen = new Set(menu);
  return (
    <Form method="post" className="admin-form" aria-labelledby="menu-heading">
      <h2 id="menu-heading">{t('adminCatalogue.menu.heading')}</h2>
      <fieldset className="admin-form__group admin-form__choices" aria-describedby="menu-hint">
        <legend>{t('adminCatalogue.menu.legend')}</legend>
        <p className="field__hint" id="menu-hint">
          {t('adminCatalogue.menu.hint', { max: MENU_PRODUCTS_MAX })}
        </p>
        {products
          .filter((product) => !product.archived_at)
          .map((product) => (
            <label key={product.id} className="admin-form__choice">
              <input type="checkbox" name="product_ids" value={product.id} defaultChecked={chosen.has(product.id)} /> {product.name}
            </label>
          ))}
      </fieldset>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button">
        {t('adminCatalogue.menu.save')}
      </button>
    </Form>
  );
}

export default function AdminProducts() {
  const { forbidden, products, menu, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="products-heading">
      <h1 id="products-heading">{t('adminCatalogue.products.title')}</h1>
      {forbidden ? (
        <p role="alert">{t('adminCatalogue.products.ownerOnly')}</p>
      ) : (
        <>
          <AdminNotice notice={notice} />
          <p>
            <Link to="/admin/products/new" className="button">
              {t('adminCatalogue.products.new')}
            </Link>
          </p>
          <TableScroll label={t('adminCatalogue.products.title')}>
            <table className="admin-table">
              <caption className="visually-hidden">{t('adminCatalogue.products.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('adminCatalogue.common.product')}</th>
                  <th scope="col">{t('adminCatalogue.products.category')}</th>
                  <th scope="col">{t('adminCatalogue.products.price')}</th>
                  <th scope="col">{t('adminCatalogue.products.launch')}</th>
                  <th scope="col">{t('adminCatalogue.products.limit')}</th>
                  <th scope="col">{t('adminCatalogue.products.variants')}</th>
                  <th scope="col">{t('adminCatalogue.common.inStock')}</th>
                  <th scope="col">{t('adminCatalogue.common.waiting')}</th>
                  <th scope="col">{t('adminCatalogue.products.missingItalian')}</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">
                      <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                    </th>
                    <td>{product.category}</td>
                    <td>{formatEuro(product.price, locale)}</td>
                    <td>
                      {formatLaunchTime(product.launch_date, undefined, locale)}
                      {product.archived_at ? (
                        <strong className="admin-badge">{t('adminCatalogue.common.archived')}</strong>
                      ) : product.coming_soon ? (
                        <strong className="admin-badge">{t('adminCatalogue.common.comingSoon')}</strong>
                      ) : null}
                    </td>
                    <td>{product.purchase_limit ?? t('adminCatalogue.common.none')}</td>
                    <td>{product.variants.length}</td>
                    <td>{stockOf(product.variants, t)}</td>
                    <td>{product.waiting}</td>
                    <td>{product.italian_missing.length ? missingItalian(product.italian_missing, t) : t('adminCatalogue.common.none')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <MenuChoice key={menu.join()} products={products} menu={menu} error={actionData?.error} />
        </>
      )}
    </section>
  );
}
