import { Hono } from 'hono';
import { z } from 'zod';
import { BRAND } from '@contract/brand';
import { CONTACT_LIMITS, CONTACT_REASONS, CONTACT_REASON_LABELS } from '@contract/contact';
import { EMAIL_PATTERN } from '@contract/shop-rules';
import type { AppEnv } from '../app.js';
import { clientIp } from '../client-ip.js';
import { validate } from '../http-errors.js';
import { renderEmail } from '../services/mail-templates.js';
import { RATE_RULES, enforceRateLimit } from '../services/rate-limits.js';

const text = (max: number) => z.string().trim().min(1, 'Field must not be empty').max(max, `At most ${max} characters`);

/** POST contact/submit of spec §7: name, email, reason, subject, message. */
const contactBody = z.object({
  name: text(CONTACT_LIMITS.name),
  email: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.email, 'Email address is too long')
    .regex(EMAIL_PATTERN, 'Not a valid email address')
    .transform((value) => value.toLowerCase()),
  reason: z.enum(CONTACT_REASONS),
  subject: text(CONTACT_LIMITS.subject),
  message: text(CONTACT_LIMITS.message),
});

export function contactRoutes() {
  const app = new Hono<AppEnv>();

  app.post('/submit', validate('json', contactBody), async (c) => {
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

    return c.json({ id, message: 'Message received' }, 201);
  });

  return app;
}
