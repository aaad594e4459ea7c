import { Hono } from 'hono';

import {
  demandSchema,
  funnelQuerySchema,
  funnelSchema,
  funnelViewsAnswerSchema,
  funnelViewsRequestSchema,
  reminderReportSchema,
  reminderSettingsRequestSchema,
} from '@contract/api/insights';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { countProductViews, readFunnel } from '../../services/funnel.js';
import { reminderReport, variantDemand } from '../../services/reminders/report.js';
import { changeReminderSettings, readReminderSettings } from '../../services/reminders/settings.js';
import { ownerOnly } from './guard.js';

/** Issue 41 in the back office: the funnel, the reminders (settings, weekly results) and demand per variant. */
export function adminInsightRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/funnel', validate('query', funnelQuerySchema), async (c) =>
    answer(c, funnelSchema, await readFunnel(c.var.deps.db, c.var.deps.clock.now(), c.req.valid('query').days)),
  );

  // The storefront's batches of product page views, sent with the admin token (it counts them as it serves the pages).
  app.post('/funnel/views', ownerOnly, validate('json', funnelViewsRequestSchema), async (c) =>
    answer(c, funnelViewsAnswerSchema, { counted: await countProductViews(c.var.deps.db, c.req.valid('json').views) }),
  );

  app.get('/reminders', async (c) => answer(c, reminderReportSchema, await reminderReport(c.var.deps.db, c.var.deps.clock.now())));

  app.post('/reminders/settings', ownerOnly, validate('json', reminderSettingsRequestSchema), async (c) => {
    await changeReminderSettings(c.var.deps, c.req.valid('json'), c.var.actor);
    return answer(c, reminderReportSchema, await reminderReport(c.var.deps.db, c.var.deps.clock.now()));
  });

  app.get('/demand', async (c) => {
    const { db, clock } = c.var.deps;
    const settings = await readReminderSettings(db);
    return answer(c, demandSchema, await variantDemand(db, clock.now(), settings.first_hours));
  });

  return app;
}
