import type { LoaderFunctionArgs } from '@remix-run/node';

import { messageScriptOf } from '~/lib/i18n';
import { messageScript, namespaceNamed } from '~/lib/i18n.server';

/**
 * A namespace's words as a script (`/messages/<locale>/<namespace>.<version>.js`, ADR 080): a page's
 * first load names the ones its routes need, and the browser keeps each a year, as the version in
 * its address changes with its words. An address of another version (a page rendered before the
 * words changed) gets today's words, not kept.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const asked = messageScriptOf(`/messages/${params.locale}/${params.file}`);
  const namespace = asked ? namespaceNamed(asked.locale, asked.name) : null;
  if (!asked || !namespace) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const { body, version } = messageScript(asked.locale, namespace);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': version === asked.version ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
