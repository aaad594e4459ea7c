import type { LoaderFunctionArgs } from '@remix-run/node';

import { failureStatus } from '~/lib/api.server';
import { requireUser, signedOutHere } from '~/lib/auth.server';
import { chosenLocale, serverTranslator } from '~/lib/i18n.server';

/**
 * Download my data: the .zip the API makes of everything the shop holds about the shopper (guests too),
 * data.json with a README.txt in the language of the page that linked it (`?lang=it`, profileDataHref),
 * handed on as an attachment that no cache keeps. docs/product.md#api-profile.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const locale = chosenLocale(new URL(request.url)) ?? context.locale;
  const { api, commit } = await context.shopApi();
  try {
    const archive = await api.raw('GET', 'user/data-export', { headers: { Accept: 'application/zip', 'Accept-Language': locale } });
    return new Response(archive.body, {
      headers: {
        ...(await commit()),
        'Content-Type': 'application/zip',
        'Content-Disposition': archive.headers.get('Content-Disposition') ?? 'attachment; filename="filo-my-data.zip"',
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    const status = failureStatus(error);
    const t = serverTranslator(locale, 'account');
    return new Response(t(status === 429 ? 'data.tooMany' : 'data.exportFailed'), {
      status,
      headers: { ...(await commit()), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  }
}
