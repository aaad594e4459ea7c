import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

import { policyDocument, type PolicySlug } from '@contract/policies';

import { PolicyPage } from '~/components/policy-page';

import { loadPolicy, policyHeaders } from './documents.server';
import { metaTranslator } from './i18n';
import { BACK_LINKS, type NavigationHandle } from './navigation';
import { pageTitle } from './page-title';

/**
 * Everything a policy page's route module exports, for one document: the four policy routes differ
 * only by their slug. (Remix keeps one file per path; each is a few lines calling this.)
 */
export function policyRoute(slug: PolicySlug) {
  const doc = policyDocument(slug);
  const loader = ({ context }: LoaderFunctionArgs) => loadPolicy(doc.slug, context);
  // The title and description an owner gave the page in the back office, when the loader has them.
  const meta: MetaFunction<typeof loader> = ({ location, matches, data }) => [
    { title: pageTitle(data?.title || metaTranslator(location, matches, data).t(`policy.${doc.slug}`)) },
    ...(data?.description ? [{ name: 'description', content: data.description }] : []),
  ];
  const handle: NavigationHandle = { pageTitle: doc.title, back: BACK_LINKS.backToShop };
  function Policy() {
    return <PolicyPage {...useLoaderData<typeof loader>()} />;
  }
  return { loader, meta, handle, headers: policyHeaders, Policy };
}
