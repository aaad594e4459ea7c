import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { AuthPage } from '~/components/auth-flow/auth-page';
import { authPageLoader } from '~/lib/auth-page.server';
import { metaTranslator } from '~/lib/i18n';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';

export const handle: NavigationHandle = { pageTitle: 'Payment Result', back: BACK_LINKS.backToShop };

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.paymentResult')) },
  { name: 'robots', content: 'noindex' },
];

/** The route table's /payment-result renders the login screen (docs/product.md#demo-pages). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return authPageLoader(request, context, 'login');
}

export default function PaymentResult() {
  const data = useLoaderData<typeof loader>();
  return <AuthPage {...data} />;
}
