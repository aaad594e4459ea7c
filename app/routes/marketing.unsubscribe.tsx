import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { MarketingLinkPage } from '~/components/marketing-link-page';
import { metaTranslator } from '~/lib/i18n';
import { marketingLinkAction, marketingLinkLoader } from '~/lib/marketing.server';
import type { NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';

export const handle: NavigationHandle = { pageTitle: 'Marketing emails' };
export const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
  { title: pageTitle(metaTranslator(location, matches, data).t('marketing.confirmTitle')) },
  { name: 'robots', content: 'noindex' },
];

/** The unsubscribe link of a marketing email (issue 39): a page that asks, and a post that acts. */
export const loader = marketingLinkLoader;

export const action = (args: ActionFunctionArgs) => marketingLinkAction(args, 'unsubscribe');

export default function MarketingUnsubscribe() {
  const data = useLoaderData<typeof loader>();
  return <MarketingLinkPage token={data.token} question="marketing.unsubscribeText" button="marketing.unsubscribe" result={data.result} />;
}
