import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PolicyPage } from '~/components/policy-page';
import { loadPolicy, policyHeaders } from '~/lib/documents.server';
import { BACK_LINKS, type NavigationHandle } from '~/lib/navigation';
import { pageTitle } from '~/lib/page-title';
import { policyDocument } from '@contract/policies';

const doc = policyDocument('privacy-policy');

export const handle: NavigationHandle = { pageTitle: doc.title, back: BACK_LINKS.backToShop };

export const meta: MetaFunction = () => [{ title: pageTitle(doc.title) }];

export const headers = policyHeaders;

export const loader = () => loadPolicy(doc.slug);

export default function Policy() {
  return <PolicyPage {...useLoaderData<typeof loader>()} />;
}
