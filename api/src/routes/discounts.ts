import { Hono } from 'hono';

import { discountCheckSchema, discountCodeParamSchema } from '@contract/api/discounts';
import { describeDiscount } from '@contract/discounts';

import { answer } from '../answer.js';
import { optionalUser } from '../auth/cart-cookie.js';
import { tryingCode } from '../auth/code-attempts.js';
import type { AppEnv } from '../deps.js';
import { validate } from '../http-errors.js';
import { checkCodeLimits, findUsableCode } from '../services/discounts.js';

/** `GET /api/discounts/{code}`: whether a code can be used now, before any cart (a link to the shop carries it). */
export function discountRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/:code', validate('param', discountCodeParamSchema), async (c) => {
    const { db, clock } = c.var.deps;
    const raw = c.req.valid('param').code;
    const user = await optionalUser(c);
    const row = await tryingCode(c, raw, user ? { userId: user.id } : null, async () => {
      const found = await findUsableCode(db, raw);
      await checkCodeLimits(db, found, clock.now(), null);
      return found;
    });
    c.header('Cache-Control', 'no-store');
    return answer(c, discountCheckSchema, { code: row.code, kind: row.kind, value: row.value, description: describeDiscount(row) });
  });
  return app;
}
