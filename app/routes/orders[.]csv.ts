import { type LoaderFunctionArgs, redirect } from '@remix-run/node';

import { accountApi, isNotAuthenticated } from '~/lib/account.server';
import { upstreamStatus } from '~/lib/api.server';
import { requireUser } from '~/lib/auth.server';
import { chosenLocale, serverTranslator } from '~/lib/i18n.server';
import { ACCOUNT_MESSAGES } from '~/lib/messages';
import { ordersCsv } from '~/lib/orders-csv';
import { readOrdersQuery } from '~/lib/orders-query';
import type { PurchaseListItem } from '~/lib/purchases';

/** The most orders one export holds. */
const EXPORT_MAX = 5000;

/**
 * Export to CSV (docs/product.md#orders-csv): every order matching the search and filter of the address, as
 * order_history.csv. A plain download, so it works without JavaScript. Its headers and the shop's own words
 * are in the language of the page that linked it (`?lang=it`, ordersCsvHref), English without one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  const url = new URL(request.url);
  const query = readOrdersQuery(url.searchParams);
  const locale = chosenLocale(url) ?? 'en';
  const account = await accountApi(context);
  let orders: PurchaseListItem[];
  try {
    orders = await account.allPurchases({ q: query.q, status: query.status }, EXPORT_MAX);
  } catch (error) {
    const headers = await account.commit();
    if (isNotAuthenticated(error)) return redirect('/login?redirectTo=%2Forders&reason=login', { headers });
    console.error('Orders could not be exported:', error);
    return new Response(ACCOUNT_MESSAGES.errorPrefix(ACCOUNT_MESSAGES.failedToFetchOrders), {
      status: upstreamStatus(error),
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
  // The byte order mark lets spreadsheet programs read the euro sign as UTF-8.
  return new Response(`\uFEFF${ordersCsv(orders, serverTranslator(locale, 'account'), locale)}`, {
    headers: {
      ...(await account.commit()),
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="order_history.csv"',
      'Cache-Control': 'private, no-store',
    },
  });
}
