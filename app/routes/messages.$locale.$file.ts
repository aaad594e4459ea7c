import type { LoaderFunctionArgs } from '@remix-run/node';

import { isLocale } from '~/lib/i18n';
import { messageScript, namespaceNamed } from '~/lib/i18n.server';

/**
 * A namespace's words as a script (`/messages/<locale>/<namespace>.<version>.js`, ADR 080): a page's
 * first load names the ones its routes need, and the browser keeps each a year, as the version in
 * its address changes with its words. An address of another version (a page rendered before the
 * words changed) gets today's words, not kept.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const locale = params.locale;
  const match = /^([a-z-]+)\.([0-9a-f]{8})\.js$/.exec(params.file ?? '');
  const namespace = isLocale(locale) && match ? namespaceNamed(locale, match[1]) : null;
  if (!isLocale(locale) || !match || !namespace) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const { body, version } = messageScript(locale, namespace);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': version === match[2] ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
