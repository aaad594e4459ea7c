import type { LoaderFunctionArgs } from '@remix-run/node';

import { dataExportSchema } from '@contract/api/privacy';

import { failureStatus } from '~/lib/api.server';
import { requireUser, signedOutHere } from '~/lib/auth.server';

/**
 * Download my data: the file the API makes of everything the shop holds about the shopper (guests
 * too), handed on as an attachment that no cache keeps. docs/product.md#api-profile.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const { api, commit } = await context.shopApi();
  try {
    const data = await api.request('GET', 'user/data-export', dataExportSchema);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        ...(await commit()),
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="filo-my-data-${data.generated_at.slice(0, 10)}.json"`,
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    const status = failureStatus(error);
    const message =
      status === 429
        ? 'You have downloaded your data several times in the last hour. Please try again later.'
        : 'Your data could not be prepared just now. Please try again in a moment.';
    return new Response(message, {
      status,
      headers: { ...(await commit()), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
}
