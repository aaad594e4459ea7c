import type { LoaderFunctionArgs } from '@remix-run/node';

import { resumeQuickPurchase } from '~/lib/quick-purchase.server';

/** Without JavaScript, a product page resuming a Quick Purchase after sign-in comes here; on to the payment page. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return resumeQuickPurchase(request, context);
}
