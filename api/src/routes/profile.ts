import { Hono } from 'hono';
import { profileAnswerSchema, profileUpdateRequestSchema } from '@contract/api/profile';
import { answer } from '../answer.js';
import type { AppEnv } from '../app.js';
import { requireUser } from '../auth/middleware.js';
import { DomainError } from '../domain-error.js';
import { validate } from '../http-errors.js';
import { getProfile, updateProfile } from '../services/profile.js';

/** GET/PUT user/profile of docs/product.md#api-profile; mounted at /api/user/ beside the orders. */
export function profileRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/profile', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return answer(c, profileAnswerSchema, await getProfile(c.var.deps.db, c.var.user.id));
  });

  app.put(
    '/profile',
    requireUser,
    validate('json', profileUpdateRequestSchema),
    async (c) => {
      const { db, clock } = c.var.deps;
      if (c.var.user.user_type !== 'registered') throw new DomainError('registration_required', 'Please create an account to edit your profile');
      return answer(c, profileAnswerSchema, await updateProfile(db, clock.now(), c.var.user.id, c.req.valid('json')));
    },
  );

  return app;
}
