import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ReturnPageErrorBoundary, ReturnRequest } from '~/components/returns/return-request';
import { PURCHASE_ID } from '~/lib/account.server';
import { requireUser } from '~/lib/auth.server';
import { type Locale, metaTranslator } from '~/lib/i18n';
import { serverTranslator } from '~/lib/i18n.server';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { loadReturnPage, submitReturn } from '~/lib/returns.server';
import accountStyles from '~/styles/account.css';

export const handle: NavigationHandle = { pageTitle: 'Return or exchange', back: BACK_LINKS.viewOrderHistory };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.returns')) },
  { name: 'robots', content: 'noindex' },
];

function target(purchaseId: string | undefined, locale: Locale) {
  if (!purchaseId || !PURCHASE_ID.test(purchaseId)) {
    throw json({ message: serverTranslator(locale, 'returns')('returns.purchaseNotFound') }, { status: 404 });
  }
  return { kind: 'account' as const, purchaseId };
}

/** A signed-in buyer's return of one of their delivered orders (ADR 032). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return loadReturnPage(context, target(params.purchaseId, context.locale));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireUser(request, context);
  return submitReturn(request, context, target(params.purchaseId, context.locale));
}

export default function OrderReturnPage() {
  const { options, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ReturnRequest key={options.returns.length} options={options} flash={flash} lastResult={actionData?.result} />;
}

export const ErrorBoundary = ReturnPageErrorBoundary;
