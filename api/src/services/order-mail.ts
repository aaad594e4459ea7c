import { randomUUID } from 'node:crypto';

import type { Db } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import type { AppDeps } from '../deps.js';
import { type ClaimedJob, finishJob, type JobHandler, runDueJobs } from './jobs.js';
import type { MailMessage } from './mail.js';

/**
 * Emails about an order (confirmation, shipping, delivery, refunds, returns) go through a
 * transactional outbox (ADR 044): each is queued as a job in the transaction of the change it
 * reports, so it exists exactly when the change does, and the job runner sends it (FOR UPDATE SKIP
 * LOCKED, retried with backoff). The request that made the change sends it at once after its commit;
 * when that fails, or the instance stops first, the next pass of any instance's runner does.
 */
export const ORDER_MAIL_JOB = 'order-mail';

type OrderMailDeps = Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock'>;

/**
 * Queues `message` about order `purchaseId` inside `trx` (or about a checkout whose payment went back:
 * `subjectType` 'checkout'; or a gift card the owner issued: 'gift_card', with the card's id); answers the job's id, for sendQueuedMail after the commit.
 */
export async function queueOrderMail(
  trx: Db,
  now: Date,
  purchaseId: string,
  message: MailMessage,
  subjectType: 'order' | 'checkout' | 'gift_card' = 'order',
): Promise<string> {
  const job = await trx
    .insertInto('jobs')
    .values({
      kind: ORDER_MAIL_JOB,
      key: `${ORDER_MAIL_JOB}:${randomUUID()}`,
      payload: JSON.stringify({ purchase_id: purchaseId, subject_type: subjectType, ...message }),
      run_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return job.id;
}

/**
 * Sends queued emails now, once the transaction that queued them has committed. One that fails is
 * left to the job runner's retries; the change it reports stands whatever the mail does.
 */
export async function sendQueuedMail(deps: OrderMailDeps, jobIds: readonly (string | null | undefined)[]): Promise<void> {
  const ids = jobIds.filter((id): id is string => Boolean(id));
  if (!ids.length) return;
  // All of them: a CSV of shipments queues one per order, more than the runner's usual batch.
  await runDueJobs(deps, orderMailJobHandlers(deps), { ids, batch: ids.length }).catch((error: unknown) =>
    deps.log.error('sending queued order emails failed; the job runner retries them', error),
  );
}

/**
 * One queued email: sent under the job's id (the outbox keeps one message per id, so a job run again
 * after a crash delivers once), then noted on the order's timeline (the audit log, actor `shop`) in
 * the transaction that marks the job done.
 */
async function sendOrderMail(deps: OrderMailDeps, job: ClaimedJob): Promise<void> {
  const {
    purchase_id: purchaseId,
    subject_type: subjectType = 'order',
    to,
    subject,
    text,
    html,
  } = job.payload as unknown as { purchase_id: string; subject_type?: string } & MailMessage;
  await deps.mail.send({ to, subject, text, html }, { messageId: `<${job.id}@order-mail.filo>` });
  await inTransaction(deps.db, async (trx) => {
    const at = deps.clock.now();
    if (!(await finishJob(trx, job, at))) return;
    await trx
      .insertInto('audit_log')
      .values({
        at,
        actor: 'shop',
        action: `${subjectType}.email`,
        subject_type: subjectType,
        subject_id: purchaseId,
        before: null,
        after: JSON.stringify({ to, subject }),
      })
      .execute();
  });
}

/** The handlers of the outbox's jobs, for the job runner. */
export function orderMailJobHandlers(deps: OrderMailDeps): Record<string, JobHandler> {
  return { [ORDER_MAIL_JOB]: (job) => sendOrderMail(deps, job) };
}
