import nodemailer from 'nodemailer';
import type { z } from 'zod';

import type { outboxSchema } from '@contract/api/admin';

import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** 'outbox' keeps messages in the database for the dev mailbox; 'smtp' delivers them. */
  readonly transport: 'outbox' | 'smtp';
  /**
   * Sends one message. `messageId` names it for good (a queued email's job): the outbox keeps one
   * message per id, so a job run again after a crash delivers once; SMTP sends it as Message-ID.
   */
  send(message: MailMessage, options?: { messageId?: string }): Promise<void>;
}

export function createOutboxMailer(db: Db, clock: Clock, log: Logger): Mailer {
  return {
    transport: 'outbox',
    async send(message, options) {
      const written = await db
        .insertInto('mail_outbox')
        .values({
          to: normaliseAddress(message.to),
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ? JSON.stringify(message.headers) : null,
          created_at: clock.now(),
          message_id: options?.messageId ?? null,
        })
        .onConflict((oc) => oc.column('message_id').doNothing())
        .executeTakeFirst();
      if (Number(written.numInsertedOrUpdatedRows ?? 1) === 0) return; // sent before: this is a job run again
      log.info(`mail (outbox) to=${message.to} subject=${JSON.stringify(message.subject)}`);
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message, options) {
      await transporter.sendMail({ from, ...message, messageId: options?.messageId });
      log.info(`mail (smtp) to=${message.to} subject=${JSON.stringify(message.subject)}`);
    },
  };
}

export type OutboxEntry = z.infer<typeof outboxSchema>[number];

/** The outbox, newest first, optionally for one recipient. */
export async function readOutbox(db: Db, to?: string, limit = 100): Promise<OutboxEntry[]> {
  let query = db.selectFrom('mail_outbox').select(['to', 'subject', 'text', 'html', 'created_at', 'headers']);
  if (to) query = query.where('to', '=', normaliseAddress(to));
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ headers, ...row }) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    ...(headers ? { headers } : {}),
  }));
}

function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}
