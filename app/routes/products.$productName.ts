import { type LoaderFunctionArgs, redirect } from '@remix-run/node';

import { productPath } from '~/lib/product-link';

/** The product page's other reading (docs/product.md#product-page): /products/{name} moves permanently to /product/{name}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  return redirect(`${productPath(params.productName ?? '')}${search}`, 301);
}
