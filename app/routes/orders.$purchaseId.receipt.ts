import { type LoaderFunctionArgs, redirect } from '@remix-run/node';

import { ApiRequestError } from '~/lib/api.server';
import { requireUser } from '~/lib/auth.server';
import { receiptFileName } from '~/lib/receipt';

const refused = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });

/**
 * The PDF receipt of one of the shopper's purchases, streamed from the API (docs/product.md#receipts
 * `user/purchase/{id}/receipt`). A plain link: it works without JavaScript. Registered buyers only
 * (docs/product.md#receipts); another shopper's purchase is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context, { requireRegistered: true });
  const id = params.purchaseId ?? '';
  const { api, commit } = await context.shopApi();
  try {
    const answer = await api.raw('GET', `user/purchase/${encodeURIComponent(id)}/receipt`, { headers: { Accept: 'application/pdf' } });
    return new Response(answer.body, {
      headers: {
        ...(await commit()),
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${receiptFileName(id)}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const headers = await commit();
    if (error.status === 404 || error.status === 422) return refused(404, 'Receipt not found', headers);
    if (error.status === 401 || error.status === 403) {
      // The API no longer knows the session (a failed refresh signed the shopper out): sign in again.
      const url = new URL(request.url);
      const query = new URLSearchParams({ redirectTo: url.pathname, reason: 'login' });
      return redirect(`/login?${query}`, { headers });
    }
    console.error(`receipt ${id}: ${error.status} ${error.message}`);
    // docs/product.md#receipts: 'Failed to generate receipt'.
    return refused(502, 'Failed to generate receipt', headers);
  }
}
