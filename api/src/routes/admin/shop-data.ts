import { Readable } from 'node:stream';

import { Hono } from 'hono';

import { outboxQuerySchema, outboxSchema } from '@contract/api/admin';

import { answer } from '../../answer.js';
import type { AppEnv } from '../../deps.js';
import { ApiError, validate } from '../../http-errors.js';
import { BACKUP_CONTENT_TYPE, BackupFailed, takeBackup } from '../../services/backup.js';
import { readOutbox } from '../../services/mail.js';
import { ownerOnly } from './guard.js';

/** What only the owner reads of the shop's own data: the outbox and the whole shop as a backup. */
export function adminShopDataRoutes() {
  const app = new Hono<AppEnv>();

  // The outbox, for the owner: how a sign-in code is read when mail is not sent by SMTP and the public mailbox is off.
  app.get('/mail', ownerOnly, validate('query', outboxQuerySchema), async (c) => {
    if (c.var.deps.mail.transport !== 'outbox') throw new ApiError(404, 'Mail is delivered by SMTP; there is no outbox to read');
    return answer(c, outboxSchema, await readOutbox(c.var.deps.db, c.req.valid('query').to || undefined));
  });

  // The whole shop as one tar file (database and stored objects), taken while it serves; `npm run shop -- backup FILE`.
  app.get('/backup', ownerOnly, async (c) => {
    const { backup, log } = c.var.deps;
    if (!backup) throw new ApiError(404, 'This API takes no backups');
    const archive = await takeBackup(c.var.deps, backup, c.var.actor).catch((error: unknown) => {
      if (!(error instanceof BackupFailed)) throw error;
      log.error('backup failed', error.cause);
      throw new ApiError(503, `The backup could not be taken: ${error.message}`);
    });
    return c.body(Readable.toWeb(Readable.from(archive.chunks)) as ReadableStream, 200, {
      'Content-Type': BACKUP_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${archive.fileName}"`,
    });
  });

  return app;
}
