import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';

import { ReturnPageErrorBoundary, ReturnRequest } from '~/components/returns/return-request';
import { metaTranslator } from '~/lib/i18n';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { loadReturnPage, submitReturn } from '~/lib/returns.server';
import accountStyles from '~/styles/account.css';

export const handle: NavigationHandle = { pageTitle: 'Return or exchange' };
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];
export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('title.returns')) },
  { name: 'robots', content: 'noindex' },
];

/** A guest's return, through the signed link of their delivery email: no sign-in, that order only (ADR 032). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return loadReturnPage(context, { kind: 'guest', token: params.token ?? '' });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return submitReturn(request, context, { kind: 'guest', token: params.token ?? '' });
}

export default function GuestReturnPage() {
  const { options, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ReturnRequest key={options.returns.length} options={options} flash={flash} lastResult={actionData?.result} />;
}

export const ErrorBoundary = ReturnPageErrorBoundary;
