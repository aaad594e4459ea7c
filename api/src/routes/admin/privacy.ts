import { Hono } from 'hono';

import { messageAnswerSchema } from '@contract/api/auth';
import { customerParamSchema } from '@contract/api/customers';
import { eraseCustomerRequestSchema, privacyLogQuerySchema, privacyLogSchema } from '@contract/api/privacy';
import { retentionChangeSchema, retentionDaysSchema } from '@contract/retention';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { validate } from '../../http-errors.js';
import { eraseCustomerAtRequest } from '../../services/account-deletion.js';
import { exportCustomerData } from '../../services/data-export.js';
import { listPrivacyLog } from '../../services/privacy-log.js';
import { changeRetentionDays, readRetentionDays } from '../../services/settings.js';
import { dataExportAnswer } from '../data-export-answer.js';
import { ownerOnly } from './guard.js';

/**
 * The owner's side of privacy (issue 39): a customer's data exported or erased at their request, the
 * privacy log, and the retention periods. Owner only, but for reading the periods.
 */
export function adminPrivacyRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/customers/:id/data-export', ownerOnly, validate('param', customerParamSchema), async (c) => {
    const { data, locale } = await exportCustomerData(c.var.deps.db, c.req.valid('param').id, c.var.deps.clock.now(), c.var.actor);
    // The README speaks the customer's language: the file is theirs, handed on by the owner.
    return dataExportAnswer(c, data, 'customer', locale);
  });

  app.post(
    '/customers/:id/erase',
    ownerOnly,
    validate('param', customerParamSchema),
    validate('json', eraseCustomerRequestSchema),
    async (c) => {
      await eraseCustomerAtRequest(
        c.var.deps.db,
        c.var.deps.clock.now(),
        c.req.valid('param').id,
        c.req.valid('json').confirm_email,
        c.var.actor,
      );
      return answer(c, messageAnswerSchema, { message: 'The customer has been erased' });
    },
  );

  app.get('/privacy-log', ownerOnly, validate('query', privacyLogQuerySchema), async (c) =>
    answer(c, privacyLogSchema, await listPrivacyLog(c.var.deps.db, c.req.valid('query'))),
  );

  app.get('/retention', async (c) => answer(c, retentionDaysSchema, await readRetentionDays(c.var.deps.db)));

  app.post('/retention', ownerOnly, validate('json', retentionChangeSchema), async (c) =>
    answer(c, retentionDaysSchema, await changeRetentionDays(c.var.deps, c.req.valid('json'), c.var.actor)),
  );

  return app;
}
