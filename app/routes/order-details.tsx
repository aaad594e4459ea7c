import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { OrderConfirmation } from '~/components/order-confirmation';
import { getOptionalUser } from '~/lib/auth.server';
import { metaTranslator } from '~/lib/i18n';
import { i18nData } from '~/lib/i18n.server';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { SAMPLE_ORDER } from '~/lib/sample-order';
import cartStyles from '~/styles/cart.css';

export const handle: NavigationHandle = { pageTitle: 'Order Details', back: BACK_LINKS.viewOrderHistory };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.orderDetails')) },
  { name: 'robots', content: 'noindex' },
];

/** A static demo confirmation with fixed sample data, open to everyone (docs/product.md#routes). */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  return json(
    { registered: user?.user_type === 'registered', i18n: i18nData(context, 'order') },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export default function OrderDetails() {
  const { registered } = useLoaderData<typeof loader>();
  return <OrderConfirmation order={SAMPLE_ORDER} id={null} error={null} registered={registered} />;
}
