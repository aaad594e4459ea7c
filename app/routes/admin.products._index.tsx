import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { MENU_PRODUCTS_MAX } from '@contract/shop-rules';
import { formatLaunchTime } from '@contract/shop-time';

import { AdminNotice } from '~/components/admin/admin-notice';
import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin/messages';
import { listProducts } from '~/lib/admin/products.server';
import { readFormData } from '~/lib/form-data.server';
import { readMenuChoice, saveMenuChoice } from '~/lib/menu-choice.server';
import { pageTitle } from '~/lib/page-title';
import { redirectWithNotice, requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Products') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, products: [], menu: [] as string[], notice: null }, { status: 403, headers: ADMIN_HEADERS });
  const [products, menu, { notice, headers }] = await Promise.all([listProducts(staff), readMenuChoice(staff), takeNotice(context)]);
  return json({ forbidden: false as const, products, menu, notice }, { headers: { ...ADMIN_HEADERS, ...headers } });
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
function stockOf(variants: { stock_quantity: number | null }[]): number | string {
  const counted = variants.filter((variant) => variant.stock_quantity !== null);
  if (variants.length && !counted.length) return 'Not counted';
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
  const chosen = new Set(menu);
  return (
    <Form method="post" className="admin-form" aria-labelledby="menu-heading">
      <h2 id="menu-heading">The shop&apos;s menu</h2>
      <fieldset className="admin-form__group admin-form__choices" aria-describedby="menu-hint">
        <legend>Featured in the Products menu and the footer</legend>
        <p className="field__hint" id="menu-hint">
          At most {MENU_PRODUCTS_MAX}, in this list&apos;s order. None ticked: the {MENU_PRODUCTS_MAX} newest. The catalogue&apos;s
          categories follow them.
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
        Save the menu
      </button>
    </Form>
  );
}

export default function AdminProducts() {
  const { forbidden, products, menu, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="products-heading">
      <h1 id="products-heading">Products</h1>
      {forbidden ? (
        <p role="alert">{ADMIN_MESSAGES.productsOwnerOnly}</p>
      ) : (
        <>
          <AdminNotice notice={notice} />
          <p>
            <Link to="/admin/products/new" className="button">
              New product
            </Link>
          </p>
          <TableScroll label="Products">
            <table className="admin-table">
              <caption className="visually-hidden">Every product, newest launch first</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Category</th>
                  <th scope="col">Price</th>
                  <th scope="col">Launch</th>
                  <th scope="col">Limit</th>
                  <th scope="col">Variants</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Missing in Italian</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product.id}>
                    <th scope="row">
                      <Link to={`/admin/products/${product.id}`}>{product.name}</Link>
                    </th>
                    <td>{product.category}</td>
                    <td>{formatEuro(product.price)}</td>
                    <td>
                      {formatLaunchTime(product.launch_date)}
                      {product.archived_at ? (
                        <strong className="admin-badge">Archived</strong>
                      ) : product.coming_soon ? (
                        <strong className="admin-badge">Coming soon</strong>
                      ) : null}
                    </td>
                    <td>{product.purchase_limit ?? 'None'}</td>
                    <td>{product.variants.length}</td>
                    <td>{stockOf(product.variants)}</td>
                    <td>{product.waiting}</td>
                    <td>{product.italian_missing.length ? product.italian_missing.join(', ') : 'None'}</td>
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
