import { Hono } from 'hono';

import {
  adminMeSchema,
  auditListSchema,
  auditQuerySchema,
  staffAddRequestSchema,
  staffListSchema,
  staffLocaleRequestSchema,
  staffLocaleSchema,
  staffMemberSchema,
  staffRemoveRequestSchema,
  staffResendRequestSchema,
} from '@contract/api/staff';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { actorName, listAudit } from '../../services/audit.js';
import { addStaff, listStaff, removeStaff, resendStaffCode, setStaffLocale } from '../../services/staff.js';
import { ownerOnly } from './guard.js';

/** Who is signed in, the staff list (an owner's to change) and the audit log. */
export function adminStaffRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/me', (c) => {
    const { actor } = c.var;
    return answer(c, adminMeSchema, {
      actor: actorName(actor),
      role: actor.role,
      locale: actor.kind === 'staff' ? (actor.locale ?? 'en') : 'en',
    });
  });

  // Any member sets their own back office's language.
  app.put('/me/locale', validate('json', staffLocaleRequestSchema), async (c) => {
    const locale = await setStaffLocale(c.var.deps.db, c.var.deps.clock.now(), c.var.actor, c.req.valid('json').locale);
    return answer(c, staffLocaleSchema, { locale });
  });

  app.get('/staff', ownerOnly, async (c) => answer(c, staffListSchema, await listStaff(c.var.deps.db)));

  app.post('/staff', ownerOnly, validate('json', staffAddRequestSchema), async (c) => {
    const { email, role } = c.req.valid('json');
    return answer(c, staffMemberSchema, await addStaff(c.var.deps, c.var.auth.codes, c.var.actor, email, role), 201);
  });

  app.post('/staff/remove', ownerOnly, validate('json', staffRemoveRequestSchema), async (c) =>
    answer(c, staffMemberSchema, await removeStaff(c.var.deps, c.var.actor, c.req.valid('json').email)),
  );

  app.post('/staff/resend-code', ownerOnly, validate('json', staffResendRequestSchema), async (c) => {
    await resendStaffCode(c.var.deps, c.var.auth.codes, c.req.valid('json').email);
    return c.body(null, 204);
  });

  app.get('/audit', validate('query', auditQuerySchema), async (c) =>
    answer(c, auditListSchema, await listAudit(c.var.deps.db, c.req.valid('query'))),
  );

  return app;
}
