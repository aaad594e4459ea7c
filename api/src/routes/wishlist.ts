import { Hono } from 'hono';
import { wishlistAnswerSchema, wishlistEntriesSchema, wishlistQuerySchema, wishlistRequestSchema } from '@contract/api/wishlist';
import type { AppEnv } from '../app.js';
import { answer } from '../answer.js';
import { validate } from '../http-errors.js';
import { addWishlistEntry, listWishlistEntries, WISHLIST_ANSWERS } from '../services/wishlist.js';

/** GET/POST products/wishlist of docs/product.md#api-wishlist. */
export function wishlistRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/wishlist', validate('query', wishlistQuerySchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, wishlistEntriesSchema, await listWishlistEntries(c.var.deps.db, c.req.valid('query').email));
  });

  app.post('/wishlist', validate('json', wishlistRequestSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const { already } = await addWishlistEntry(db, clock, c.req.valid('json'));
    return already
      ? answer(c, wishlistAnswerSchema, { message: WISHLIST_ANSWERS.already, already_in_wishlist: true }, 200)
      : answer(c, wishlistAnswerSchema, { message: WISHLIST_ANSWERS.added, already_in_wishlist: false }, 201);
  });

  return app;
}
