import { type APIRequestContext, expect } from '@playwright/test';

import { apiUrl } from './e2e';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The newest message to `email` matching `subject`, waiting until it arrives. */
export async function latestMail(request: APIRequestContext, email: string, subject: RegExp, after?: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`${apiUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const messages = (await res.json()) as MailboxMessage[];
      found = messages.find((m) => subject.test(m.subject) && (!after || m.created_at > after));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest matching message. */
export async function latestCode(request: APIRequestContext, email: string, subject = /code/i, after?: string): Promise<string> {
  const message = await latestMail(request, email, subject, after);
  return /\b(\d{6})\b/.exec(message.text)![1];
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${process.pid}-${Date.now()}-${++counter}@example.com`;
}
