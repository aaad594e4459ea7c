import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { requireUser } from '../auth/middleware.js';
import { validate } from '../http-errors.js';
import { listCards, listUserCards } from '../services/cards.js';

/** Spec §7 cards calls; mounted at /api/cards. Both need a bearer token (guests included). */
export function cardRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/user-cards', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ unlocked_cards: await listUserCards(c.var.deps.db, c.var.user.id) });
  });

  app.get(
    '/cards',
    requireUser,
    validate(
      'query',
      z.object({
        per_page: z.coerce.number({ invalid_type_error: 'per_page must be a whole number' }).int('per_page must be a whole number').min(1).max(100).default(20),
        page: z.coerce.number({ invalid_type_error: 'page must be a whole number' }).int('page must be a whole number').min(1).max(100_000).default(1),
      }),
    ),
    async (c) => {
      const { per_page, page } = c.req.valid('query');
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listCards(c.var.deps.db, c.var.user.id, page, per_page));
    },
  );

  return app;
}
