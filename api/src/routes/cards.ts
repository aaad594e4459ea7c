import { Hono } from 'hono';
import { cardListSchema, cardsQuerySchema, userCardsSchema } from '@contract/api/cards';
import { answer } from '../answer.js';
import type { AppEnv } from '../app.js';
import { requireUser } from '../auth/middleware.js';
import { validate } from '../http-errors.js';
import { listCards, listUserCards } from '../services/cards.js';

/** docs/product.md#api-cards calls; mounted at /api/cards. Both need a bearer token (guests included). */
export function cardRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/user-cards', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, userCardsSchema, { unlocked_cards: await listUserCards(c.var.deps.db, c.var.user.id) });
  });

  app.get(
    '/cards',
    requireUser,
    validate(
      'query',
      cardsQuerySchema,
    ),
    async (c) => {
      const { per_page, page } = c.req.valid('query');
      c.header('Cache-Control', 'private, no-store');
      return answer(c, cardListSchema, await listCards(c.var.deps.db, c.var.user.id, page, per_page));
    },
  );

  return app;
}
