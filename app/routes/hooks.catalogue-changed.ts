import { type ActionFunctionArgs, json } from '@remix-run/node';

import { catalogueCache } from '~/lib/cache.server';
import { isCatalogueHookAuthorised } from '~/lib/catalogue-hook.server';
import { pageCache } from '~/lib/page-cache.server';

/** Called by the shop API after a restock: the cached catalogue and the pages drawn from it are dropped so shoppers see the new stock. */
export function action({ request }: ActionFunctionArgs) {
  if (!isCatalogueHookAuthorised(request)) return json({ detail: 'Not authenticated' }, { status: 401 });
  catalogueCache.invalidate();
  pageCache.clear();
  return new Response(null, { status: 204 });
}

export const loader = () => json({ detail: 'Not Found' }, { status: 404 });
