import { Hono } from 'hono';

import {
  wishlistAnswerSchema,
  wishlistEntriesSchema,
  wishlistQuerySchema,
  wishlistRequestSchema,
  wishlistTokenSchema,
  wishlistUnsubscribeAnswerSchema,
} from '@contract/api/wishlist';

import { answer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { watchOf } from '../services/catalogue-watch.js';
import {
  addWishlistEntry,
  listWishlistEntries,
  unsubscribeWishlistEntry,
  WISHLIST_ANSWERS,
  wishlistConfirmationEmail,
  wishlistEntryOfToken,
} from '../services/wishlist.js';

/** GET/POST products/wishlist of docs/product.md#api-wishlist. */
export function wishlistRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/wishlist', validate('query', wishlistQuerySchema), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { db } = c.var.deps;
    const email = c.req.valid('query').email.trim().toLowerCase();
    // Kept by this instance while the catalogue watch listens, until a change to them is announced (migration 025).
    const watch = watchOf(db);
    const read = () => listWishlistEntries(db, email);
    return answer(c, wishlistEntriesSchema, await (watch ? watch.wishlist(email, read) : read()));
  });

  app.post('/wishlist', validate('json', wishlistRequestSchema), async (c) => {
    const { db, clock, config, mail, log } = c.var.deps;
    const request = c.req.valid('json');
    const { already, entryId, launching } = await addWishlistEntry(db, clock, request, c.var.locale);
    if (!already && entryId) {
      try {
        const email = await wishlistConfirmationEmail(db, config.jwtSecret, config.storefrontUrl, entryId, clock.now());
        if (email) await mail.send(email);
      } catch (error) {
        // The request stands; a confirmation that could not be sent is only logged.
        log.error(`wishlist entry ${entryId}: confirmation email failed`, error);
      }
    }
    return already
      ? answer(c, wishlistAnswerSchema, { message: WISHLIST_ANSWERS.already, already_in_wishlist: true }, 200)
      : answer(
          c,
          wishlistAnswerSchema,
          { message: launching ? WISHLIST_ANSWERS.addedToLaunch : WISHLIST_ANSWERS.added, already_in_wishlist: false },
          201,
        );
  });

  // The link in the confirmation email: the token alone says which request, no sign-in.
  app.get('/wishlist/unsubscribe', validate('query', wishlistTokenSchema), async (c) => {
    const { item, launches_at } = await wishlistEntryOfToken(
      c.var.deps.db,
      c.var.deps.config.jwtSecret,
      c.req.valid('query').token,
      c.var.deps.clock.now(),
    );
    c.header('Cache-Control', 'no-store');
    return answer(c, wishlistUnsubscribeAnswerSchema, { item, removed: false, launches_at });
  });

  app.post('/wishlist/unsubscribe', validate('json', wishlistTokenSchema), async (c) =>
    answer(
      c,
      wishlistUnsubscribeAnswerSchema,
      await unsubscribeWishlistEntry(c.var.deps.db, c.var.deps.config.jwtSecret, c.req.valid('json').token, c.var.deps.clock.now()),
    ),
  );

  return app;
}
