import { Hono } from 'hono';
import { BRAND } from '@contract/brand';
import { contactAnswerSchema, contactRequestSchema } from '@contract/api/contact';
import { CONTACT_REASON_LABELS } from '@contract/contact';
import { answer } from '../answer.js';
import type { AppEnv } from '../app.js';
import { clientIp } from '../client-ip.js';
import { validate } from '../http-errors.js';
import { renderEmail } from '../services/mail-templates.js';
import { RATE_RULES, enforceRateLimit } from '../services/rate-limits.js';

export function contactRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/submit', validate('json', contactRequestSchema), async (c) => {
    const { db, mail, clock, log, rateLimits } = c.var.deps;
    const input = c.req.valid('json');
    const ip = clientIp(c);
    await enforceRateLimit(c, rateLimits, RATE_RULES.contactPerIp, ip);
    await enforceRateLimit(c, rateLimits, RATE_RULES.contactPerEmail, input.email);

    const { id } = await db
      .insertInto('contact_messages')
      .values({ ...input, client_ip: ip === 'unknown' ? null : ip, created_at: clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();

    const reason = CONTACT_REASON_LABELS[input.reason];
    const toShop = renderEmail({
      subject: `Contact form: ${input.subject}`,
      heading: `New message from ${input.name}`,
      paragraphs: [`From: ${input.name} <${input.email}>`, `Reason: ${reason}`, `Subject: ${input.subject}`, input.message, `Reference: ${id}`],
    });
    // The address is not verified, so nothing the sender wrote goes back out: the acknowledgement
    // cannot carry someone's text to a stranger's inbox.
    const acknowledgement = renderEmail({
      subject: 'We received your message',
      heading: `Thank you for writing to ${BRAND.name}`,
      paragraphs: [
        `We received your message (${reason.toLowerCase()}) and will answer within one working day.`,
        'Our team is in from Monday to Friday, 10:00 to 18:00, and on Saturday, 10:00 to 14:00 (Italian time).',
        `Your reference: ${id}`,
      ],
    });
    // The message is stored either way; a failed email is logged, not turned into an error for the sender.
    const results = await Promise.allSettled([mail.send({ to: BRAND.email, ...toShop }), mail.send({ to: input.email, ...acknowledgement })]);
    for (const result of results) if (result.status === 'rejected') log.error(`contact ${id}: sending mail failed`, result.reason);

    return answer(c, contactAnswerSchema, { id, message: 'Message received' }, 201);
  });

  return app;
}
