import { EMAIL_LINK_DAYS } from '@contract/api/privacy';
import type { ShopLocale } from '@contract/locale';

import type { Db } from '../../db/database.js';
import type { AppDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import { policyVersion, withdrawConsent } from '../consents.js';
import { renderEmail } from '../mail-templates.js';
import { mailWords } from '../mail-words.js';
import { LINK_PURPOSES, signLink, verifyLink } from '../signed-links.js';
import { reminderWords } from './words.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type ConsentDeps = Pick<AppDeps, 'db' | 'clock' | 'mail' | 'log'> & { config: Pick<AppDeps['config'], 'jwtSecret' | 'storefrontUrl'> };

/**
 * A shopper asks for marketing email (GDPR art. 7, double opt-in): the consent is recorded with the
 * time and the policy version, pending, and an email asks them to confirm it; only a confirmed one
 * counts. Asking again while pending records the new time and sends the email again; asking while
 * one is confirmed changes nothing. Says whether an email went out.
 */
export async function requestMarketingConsent(
  deps: ConsentDeps,
  user: { id: string; email: string },
  locale: ShopLocale,
): Promise<boolean> {
  const { db, clock } = deps;
  const now = clock.now();
  const version = await policyVersion(db, 'marketing');
  await db
    .insertInto('consents')
    .values({ user_id: user.id, kind: 'marketing', policy_version: version, given_at: now, confirmed_at: null })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .where('withdrawn_at', 'is', null)
        .doUpdateSet({ given_at: now, policy_version: version })
        .where('consents.confirmed_at', 'is', null),
    )
    .execute();
  const pending = await db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', user.id)
    .where('kind', '=', 'marketing')
    .where('withdrawn_at', 'is', null)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  if (!pending) return false;
  const words = reminderWords(locale).confirm;
  const link = new URL(mailWords(locale).page('/marketing/confirm'), deps.config.storefrontUrl);
  link.searchParams.set('token', signLink(deps.config.jwtSecret, LINK_PURPOSES.confirmMarketing, pending.id));
  const email = renderEmail({
    subject: words.subject,
    heading: words.heading,
    paragraphs: [words.text, words.validity],
    action: { label: words.action, url: link.toString() },
    locale,
  });
  await deps.mail.send({ to: user.email, ...email });
  return true;
}

/**
 * The confirmation link: the pending consent it names is confirmed, once, within EMAIL_LINK_DAYS of
 * asking. A link followed twice answers as the first time; an old one `link_expired`; a forged one,
 * or one for a consent withdrawn since, `not_found`.
 */
export async function confirmMarketingConsent(db: Db, secret: string, token: string, now: Date): Promise<void> {
  const id = verifyLink(secret, LINK_PURPOSES.confirmMarketing, token);
  if (!id) throw invalidLink();
  const confirmed = await db
    .updateTable('consents')
    .set({ confirmed_at: now })
    .where('id', '=', id)
    .where('kind', '=', 'marketing')
    .where('withdrawn_at', 'is', null)
    .where('confirmed_at', 'is', null)
    .where('given_at', '>', new Date(now.getTime() - EMAIL_LINK_DAYS * DAY_MS))
    .returning('id')
    .executeTakeFirst();
  if (confirmed) return;
  const row = await db.selectFrom('consents').select(['confirmed_at', 'withdrawn_at']).where('id', '=', id).executeTakeFirst();
  if (row && !row.withdrawn_at && row.confirmed_at) return;
  if (row && !row.withdrawn_at)
    throw new DomainError('link_expired', 'This link has expired: ask for marketing emails again from your profile.');
  throw invalidLink();
}

/** The one-click unsubscribe (RFC 8058): the marketing consent of the customer the token names is withdrawn. */
export async function unsubscribeMarketing(db: Db, secret: string, token: string, now: Date): Promise<void> {
  const userId = verifyLink(secret, LINK_PURPOSES.unsubscribe, token);
  if (!userId) throw invalidLink();
  await withdrawConsent(db, now, userId, 'marketing');
}

export function unsubscribeToken(secret: string, userId: string): string {
  return signLink(secret, LINK_PURPOSES.unsubscribe, userId);
}

function invalidLink(): DomainError {
  return new DomainError('not_found', 'This link is not valid: it may be incomplete.');
}
