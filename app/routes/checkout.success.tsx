import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { cardStylesheet } from '~/components/cards/card-carousel';
import { OrderConfirmation } from '~/components/order-confirmation';
import { metaTranslator } from '~/lib/i18n';
import type { NavigationHandle } from '~/lib/navigation';
import { loadOrderConfirmation } from '~/lib/order-confirmation.server';
import { pageTitle } from '~/lib/page-title';
import cartStyles from '~/styles/cart.css';

export const handle: NavigationHandle = { pageTitle: 'Order Confirmation' };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }, cardStylesheet];

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.orderConfirmation')) },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadOrderConfirmation(request, context, ['session_id']);
}

export default function OrderConfirmationPage() {
  const data = useLoaderData<typeof loader>();
  return <OrderConfirmation {...data} />;
}
