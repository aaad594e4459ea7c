import type { z } from 'zod';

import type { contactRequestSchema } from '@contract/api/contact';
import { BRAND } from '@contract/brand';
import { CONTACT_REASON_LABELS } from '@contract/contact';
import type { ShopLocale } from '@contract/locale';

import type { AppDeps } from '../deps.js';
import { renderEmail } from './mail-templates.js';
import { mailWords } from './mail-words.js';

/**
 * Stores a contact message, mails it to the shop and acknowledges it to the sender; answers its
 * reference. The message is kept even when mail fails.
 */
export async function receiveContactMessage(
  { db, mail, clock, log }: Pick<AppDeps, 'db' | 'mail' | 'clock' | 'log'>,
  input: z.output<typeof contactRequestSchema>,
  clientIp: string | null,
  locale: ShopLocale = 'en',
): Promise<string> {
  const { id } = await db
    .insertInto('contact_messages')
    .values({ ...input, client_ip: clientIp, created_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();

  const reason = CONTACT_REASON_LABELS[input.reason];
  const toShop = renderEmail({
    subject: `Contact form: ${input.subject}`,
    heading: `New message from ${input.name}`,
    paragraphs: [
      `From: ${input.name} <${input.email}>`,
      `Reason: ${reason}`,
      `Subject: ${input.subject}`,
      input.message,
      `Reference: ${id}`,
    ],
  });
  // The address is not verified, so nothing the sender wrote goes back out: the acknowledgement
  // cannot carry someone's text to a stranger's inbox. It speaks the language the form was sent in.
  const w = mailWords(locale).contact;
  const acknowledgement = renderEmail({
    subject: w.subject,
    heading: w.heading,
    paragraphs: [w.received(w.reasons[input.reason] ?? reason), w.hours, w.reference(id)],
    locale,
  });
  // The message is stored either way; a failed email is logged, not turned into an error for the sender.
  const results = await Promise.allSettled([mail.send({ to: BRAND.email, ...toShop }), mail.send({ to: input.email, ...acknowledgement })]);
  for (const result of results) if (result.status === 'rejected') log.error(`contact ${id}: sending mail failed`, result.reason);
  return id;
}
