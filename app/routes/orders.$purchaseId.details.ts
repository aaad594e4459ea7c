import { json, type LoaderFunctionArgs } from '@remix-run/node';

import { accountApi, isNotAuthenticated, PURCHASE_ID } from '~/lib/account.server';
import { ApiRequestError, upstreamStatus } from '~/lib/api.server';
import { requireUser } from '~/lib/auth.server';
import { ACCOUNT_MESSAGES } from '~/lib/messages';
import type { OrderDetailAnswer } from '~/lib/purchases';

/** One order's detail for an order card expanded with JavaScript (loaded on first expand); a guest's own orders too (ADR 048). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = params.purchaseId ?? '';
  const noStore = { 'Cache-Control': 'private, no-store' };
  const failed = (status: number, headers: Record<string, string> = {}) =>
    json<OrderDetailAnswer>(
      { detail: null, error: ACCOUNT_MESSAGES.failedToLoadOrderDetails },
      { status, headers: { ...headers, ...noStore } },
    );
  if (!PURCHASE_ID.test(id)) return failed(404);
  const account = await accountApi(context);
  try {
    const detail = await account.purchase(id);
    return json<OrderDetailAnswer>({ detail, error: null }, { headers: { ...(await account.commit()), ...noStore } });
  } catch (error) {
    const status = isNotAuthenticated(error) ? 401 : error instanceof ApiRequestError && error.status === 404 ? 404 : upstreamStatus(error);
    if (status >= 500) console.error(`Order ${id} could not be loaded:`, error);
    return failed(status, await account.commit());
  }
}
