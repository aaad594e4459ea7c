import type { AppDeps } from '../app.js';
import type { MailMessage } from './mail.js';

/**
 * Mails the buyer about their order and notes it on the order's timeline (the audit log, actor `shop`).
 * A failed email never undoes what it reports: it is logged, and the timeline shows only what was sent.
 */
export async function mailAboutOrder(deps: Pick<AppDeps, 'db' | 'mail' | 'log' | 'clock'>, purchaseId: string, message: MailMessage): Promise<boolean> {
  try {
    await deps.mail.send(message);
  } catch (error) {
    deps.log.error(`order ${purchaseId}: email "${message.subject}" failed`, error);
    return false;
  }
  await deps.db
    .insertInto('audit_log')
    .values({
      at: deps.clock.now(),
      actor: 'shop',
      action: 'order.email',
      subject_type: 'order',
      subject_id: purchaseId,
      before: null,
      after: JSON.stringify({ to: message.to, subject: message.subject }),
    })
    .execute()
    .catch((error: unknown) => deps.log.error(`order ${purchaseId}: could not note the email on its timeline`, error));
  return true;
}
