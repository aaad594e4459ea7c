import { sql } from 'kysely';

import { EMAIL_LINK_DAYS } from '@contract/api/privacy';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { optionsOf, variantLabel } from '../cart.js';
import { type ClaimedJob, type JobHandler, retryDelayMs, scheduleJob } from '../jobs.js';
import { renderEmail } from '../mail-templates.js';
import { mailWords } from '../mail-words.js';
import { LINK_PURPOSES, signLink } from '../signed-links.js';
import { isAvailable } from '../stock-counted.js';
import { CART_REMINDER_JOB } from './keys.js';
import { unsubscribeToken } from './marketing-consent.js';
import { readReminderSettings } from './settings.js';
import { reminderWords } from './words.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const RETRY_AFTER_MS = retryDelayMs(1);

type ReminderDeps = Pick<AppDeps, 'db' | 'clock' | 'mail' | 'log'> & {
  config: Pick<AppDeps['config'], 'jwtSecret' | 'storefrontUrl' | 'publicApiUrl'>;
};

/**
 * The cart, its owner, and whether a reminder may go at all: a signed-in or verified shopper, not
 * erased, with a confirmed marketing consent in force. `activity` is the cart's last add or the
 * owner's last checkout, whichever is later; `round` the owner's orders so far (a paid order starts a
 * new round); `paidSince` whether an order came after the activity.
 */
async function cartState(db: Db, cartId: string) {
  return db
    .selectFrom('carts as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'u.id as user_id', 'u.email', 'u.locale'])
    .select((eb) => [
      sql<Date | null>`greatest(
        (select max(i.created_at) from cart_items i where i.cart_id = c.id),
        (select max(s.created_at) from checkout_sessions s where s.user_id = u.id))`.as('activity'),
      eb
        .selectFrom('purchases as p')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('p.user_id', '=', 'u.id')
        .as('round'),
      sql<boolean>`exists (select 1 from consents m where m.user_id = u.id and m.kind = 'marketing'
        and m.withdrawn_at is null and m.confirmed_at is not null)`.as('consented'),
    ])
    .where('c.id', '=', cartId)
    .where('u.erased_at', 'is', null)
    .where((eb) => eb.or([eb('u.user_type', '=', 'registered'), eb('u.email_verified_at', 'is not', null)]))
    .executeTakeFirst();
}

/** The cart's lines as they are now: today's price and stock, sold-out lines marked. */
async function currentLines(db: Db, cartId: string) {
  return db
    .selectFrom('cart_items as i')
    .innerJoin('product_variants as v', 'v.id', 'i.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['i.quantity', 'p.name', 'v.price', 'v.stock_quantity', 'p.archived_at'])
    .select((eb) => optionsOf(eb.ref('v.id')).as('options'))
    .where('i.cart_id', '=', cartId)
    .orderBy('i.created_at')
    .orderBy('v.sku')
    .execute();
}

/**
 * One run of a cart's reminder job: sends the reminder that is due (the first `first_hours` after the
 * cart's last activity, the follow-up `followup_hours` after it), or moves the job to when it will be,
 * or stops: reminders off, no consent, the cart emptied or all sold out, an order paid since, or both
 * sent this round. The reminder is claimed by a row unique per cart, round and step, so however many
 * instances run it, and however often, it is sent once (the outbox keeps one message per id too).
 */
export async function runCartReminder(deps: ReminderDeps, job: ClaimedJob): Promise<void> {
  const { db, clock } = deps;
  const cartId = String(job.payload.cart_id ?? '');
  const now = clock.now();
  const settings = await readReminderSettings(db);
  if (!settings.enabled) return;
  const cart = await cartState(db, cartId);
  if (!cart?.consented || !cart.activity) return;
  const round = cart.round ?? 0;
  const lines = await currentLines(db, cartId);
  if (!lines.some((line) => isAvailable(line.stock_quantity) && !line.archived_at)) return;
  const activity = new Date(cart.activity);
  const paidSince = await db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', cart.user_id)
    .where('created_at', '>=', activity)
    .executeTakeFirst();
  if (paidSince) return;
  const sent = await db
    .selectFrom('cart_reminders')
    .select(['id', 'step', 'sent_at', 'created_at'])
    .where('cart_id', '=', cartId)
    .where('round', '=', round)
    .orderBy('step')
    .execute();
  const unsent = sent.find((row) => !row.sent_at);
  // Claimed but not sent: sent again by a retry (30 s on at least, jobs.ts), not by a run racing the one that claimed it.
  if (unsent && now.getTime() - unsent.created_at.getTime() < RETRY_AFTER_MS) return;
  const step = unsent ? unsent.step : ((sent.length + 1) as 1 | 2);
  if (step > 2) return;
  const due = new Date(activity.getTime() + (step === 1 ? settings.first_hours : settings.followup_hours) * HOUR_MS);
  if (!unsent && now < due) {
    await scheduleJob(db, now, { kind: CART_REMINDER_JOB, key: job.key, runAt: due, payload: { cart_id: cartId } });
    return;
  }
  const reminder =
    unsent ??
    (await db
      .insertInto('cart_reminders')
      .values({
        cart_id: cartId,
        user_id: cart.user_id,
        round,
        step,
        locale: cart.locale,
        created_at: now,
        expires_at: new Date(now.getTime() + EMAIL_LINK_DAYS * DAY_MS),
      })
      .onConflict((oc) => oc.columns(['cart_id', 'round', 'step']).doNothing())
      .returning(['id', 'step'])
      .executeTakeFirst());
  if (!reminder) return; // another run claimed it first
  const subject = cart.locale === 'it' ? settings.subject_it : settings.subject_en;
  await deps.mail.send(reminderEmail(deps.config, { ...cart, step: reminder.step, reminderId: reminder.id, subject, lines }), {
    messageId: `<${reminder.id}@cart-reminder.filo>`,
  });
  await db.updateTable('cart_reminders').set({ sent_at: now }).where('id', '=', reminder.id).execute();
  if (reminder.step === 1) {
    const followUp = new Date(activity.getTime() + settings.followup_hours * HOUR_MS);
    await scheduleJob(db, now, { kind: CART_REMINDER_JOB, key: job.key, runAt: followUp, payload: { cart_id: cartId } });
  }
}

function reminderEmail(
  config: ReminderDeps['config'],
  reminder: {
    email: string;
    user_id: string;
    locale: ShopLocale;
    step: 1 | 2;
    reminderId: string;
    subject: string;
    lines: Awaited<ReturnType<typeof currentLines>>;
  },
) {
  const mail = mailWords(reminder.locale);
  const words = reminderWords(reminder.locale).reminder;
  const restore = new URL(mail.page(`/cart/restore`), config.storefrontUrl);
  restore.searchParams.set('token', signLink(config.jwtSecret, LINK_PURPOSES.restoreCart, reminder.reminderId));
  const token = unsubscribeToken(config.jwtSecret, reminder.user_id);
  const page = new URL(mail.page('/marketing/unsubscribe'), config.storefrontUrl);
  page.searchParams.set('token', token);
  const oneClick = new URL('/api/marketing/unsubscribe', config.publicApiUrl);
  oneClick.searchParams.set('token', token);
  const items = reminder.lines.map((line) => {
    const item = variantLabel(line);
    return isAvailable(line.stock_quantity) && !line.archived_at
      ? words.line(item, line.quantity, mail.money(line.price))
      : words.soldOut(item);
  });
  const rendered = renderEmail({
    subject: reminder.subject,
    heading: words.heading,
    paragraphs: [
      reminder.step === 1 ? words.intro : words.followUp,
      ...items,
      words.validity,
      words.whyYouGetThis,
      words.unsubscribe(page.toString()),
    ],
    action: { label: words.action, url: restore.toString() },
    locale: reminder.locale,
  });
  return {
    to: reminder.email,
    ...rendered,
    headers: { 'List-Unsubscribe': `<${oneClick.toString()}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The handlers of the reminders' jobs, for the job runner. */
export function reminderJobHandlers(deps: ReminderDeps): Record<string, JobHandler> {
  return { [CART_REMINDER_JOB]: (job) => runCartReminder(deps, job) };
}
