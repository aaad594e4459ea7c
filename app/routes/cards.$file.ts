import type { LoaderFunctionArgs } from '@remix-run/node';

import { ApiRequestError } from '~/lib/api.server';
import { cardExportFileName } from '~/lib/cards';
import { ownCardFace, verifyCardShare } from '~/lib/cards.server';

const CARD_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.png$/i;

const notFound = (headers: Record<string, string> = {}) =>
  new Response('Not Found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', ...headers },
  });

/**
 * `/cards/{id}.png`: the card face as a 600 x 800 PNG, for the shopper who unlocked it, or for
 * anyone holding a signed share link (`?share=`, ADR 011). Everyone else gets 404. The API draws
 * the face (`POST cards/face.png`, sharp) and the PNG is streamed through, on Node and on the edge.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const match = CARD_FILE.exec(params.file ?? '');
  if (!match) return notFound();
  const id = match[1].toLowerCase();
  const share = new URL(request.url).searchParams.get('share');

  let face;
  let headers: Record<string, string> = {};
  if (share) {
    face = verifyCardShare(share, id);
  } else {
    ({ face, headers } = await ownCardFace(context, id));
  }
  if (!face) return notFound(headers);

  let drawn: Response;
  try {
    drawn = await context.visitorApi.raw('POST', 'cards/face.png', { body: face, idempotent: true, headers: { Accept: 'image/png' } });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return notFound(headers);
    throw error;
  }
  return new Response(drawn.body, {
    headers: {
      ...headers,
      'Content-Type': 'image/png',
      ...(drawn.headers.get('Content-Length') ? { 'Content-Length': drawn.headers.get('Content-Length')! } : {}),
      'Content-Disposition': `inline; filename="${cardExportFileName(face.n, Date.parse(face.u ?? '') || 0)}"`,
      // A signed link always draws the same face; the owner's own address follows their name.
      'Cache-Control': share ? 'public, max-age=86400' : 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
