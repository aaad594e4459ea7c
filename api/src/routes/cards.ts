import { Hono } from 'hono';

import { cardFaceSchema, cardListSchema, cardsQuerySchema, userCardsSchema } from '@contract/api/cards';

import { answer } from '../answer.js';
import { requireUser } from '../auth/middleware.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { renderCardPng } from '../services/card-face.js';
import { listCards, listUserCards } from '../services/cards.js';

/**
 * docs/product.md#api-cards calls; mounted at /api/cards. The lists need a bearer token (guests
 * included). `face.png` draws a card face the storefront has checked (its owner, or a signed share
 * link): the card must be one of the shop's, as the shop holds it.
 */
export function cardRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/user-cards', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, userCardsSchema, { unlocked_cards: await listUserCards(c.var.deps.db, c.var.user.id) });
  });

  app.get('/cards', requireUser, validate('query', cardsQuerySchema), async (c) => {
    const { per_page, page } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return answer(c, cardListSchema, await listCards(c.var.deps.db, c.var.user.id, page, per_page));
  });

  app.post('/face.png', validate('json', cardFaceSchema), async (c) => {
    const png = await renderCardPng(c.var.deps, c.req.valid('json'));
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Content-Length': String(png.length),
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
