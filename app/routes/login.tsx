import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { AuthPage } from '~/components/auth-flow/auth-page';
import { authPageLoader } from '~/lib/auth-page.server';
import { metaTranslator } from '~/lib/i18n';
import { pageTitle } from '~/lib/page-title';

export const meta: MetaFunction = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('auth.titleLogin')) },
  { name: 'robots', content: 'noindex' },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  return authPageLoader(request, context, 'login');
}

export default function Login() {
  const data = useLoaderData<typeof loader>();
  return <AuthPage {...data} />;
}
