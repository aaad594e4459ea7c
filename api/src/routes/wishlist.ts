import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { validate } from '../http-errors.js';
import { addWishlistEntry, listWishlistEntries, WISHLIST_ANSWERS } from '../services/wishlist.js';

// A basic pattern, as spec §5 asks for the wishlist; length as for every email.
const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email address is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');
const id = z.string().uuid('must be an id');
const optionalId = z.preprocess((v) => (v === '' ? null : v), id.nullish());

const wishlistBody = z
  .object({ email, product_id: optionalId, product_variant_id: optionalId })
  .refine((body) => body.product_id || body.product_variant_id, {
    message: 'Give product_id or product_variant_id',
    path: ['product_id'],
  });

/** GET/POST products/wishlist of spec §7. */
export function wishlistRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/wishlist', validate('query', z.object({ email })), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listWishlistEntries(c.var.deps.db, c.req.valid('query').email));
  });

  app.post('/wishlist', validate('json', wishlistBody), async (c) => {
    const { db, clock } = c.var.deps;
    const { already } = await addWishlistEntry(db, clock, c.req.valid('json'));
    return already
      ? c.json({ message: WISHLIST_ANSWERS.already, already_in_wishlist: true }, 200)
      : c.json({ message: WISHLIST_ANSWERS.added, already_in_wishlist: false }, 201);
  });

  return app;
}
