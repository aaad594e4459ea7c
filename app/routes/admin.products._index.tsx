import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';

import { formatEuro } from '@contract/money';
import { formatLaunchTime } from '@contract/shop-time';

import { TableScroll } from '~/components/admin/table-scroll';
import { ADMIN_HEADERS } from '~/lib/admin.server';
import { ADMIN_MESSAGES } from '~/lib/admin-messages';
import { adminProductListSchema } from '~/lib/admin-reads.server';
import { pageTitle } from '~/lib/page-title';
import { requireStaff, takeNotice } from '~/lib/staff-session.server';

export const meta: MetaFunction = () => [{ title: pageTitle('Products') }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  if (staff.role !== 'owner')
    return json({ forbidden: true as const, products: [], notice: null }, { status: 403, headers: ADMIN_HEADERS });
  const [products, { notice, headers }] = await Promise.all([
    staff.api.request('GET', 'admin/products', adminProductListSchema),
    takeNotice(context),
  ]);
  return json({ forbidden: false as const, products, notice }, { headers: { ...ADMIN_HEADERS, ...headers } });
}

export default function AdminProducts() {
  const { forbidden, products, notice } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="products-heading">
      <h1 id="products-heading">Products</h1>
      {forbidden ? (
        <p role="alert">{ADMIN_MESSAGES.productsOwnerOnly}</p>
      ) : (
        <>
          <div role="status">{notice ? <p className="notice notice--success">{notice}</p> : null}</div>
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
                    <td>{product.variants.reduce((sum, v) => sum + v.stock_quantity, 0)}</td>
                    <td>{product.waiting}</td>
                    <td>{product.italian_missing.length ? product.italian_missing.join(', ') : 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
