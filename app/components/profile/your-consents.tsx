import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';

import type { consentListSchema } from '@contract/api/privacy';
import { WITHDRAWABLE_CONSENTS } from '@contract/consents';

import { formatLongDate } from '~/lib/dates';
import { type MessageKey, useI18n } from '~/lib/i18n';

export const WITHDRAW_CONSENT_INTENT = 'withdraw-consent';
export const ASK_MARKETING_INTENT = 'ask-marketing';

type Consent = z.infer<typeof consentListSchema>[number];
const withdrawable = (kind: Consent['kind']): boolean => (WITHDRAWABLE_CONSENTS as readonly string[]).includes(kind);
const KIND_KEYS: Record<Consent['kind'], MessageKey> = {
  cookies: 'consents.kind.cookies',
  marketing: 'consents.kind.marketing',
  terms: 'consents.kind.terms',
};

/**
 * The consents the shopper gave, newest first, each in force with its Withdraw button: one form post, as
 * with or without JavaScript. A guest (on /orders) has no account: their terms end when they delete their data.
 */
export function YourConsents({ consents, guest = false }: { consents: Consent[] | null; guest?: boolean }) {
  const navigation = useNavigation();
  const busyKind = navigation.formData?.get('intent') === WITHDRAW_CONSENT_INTENT ? navigation.formData.get('kind') : null;
  const asking = navigation.formData?.get('intent') === ASK_MARKETING_INTENT;
  const { locale, t } = useI18n();
  const day = (at: string) => formatLongDate(at, locale);
  return (
    <section className="profile-panel your-consents" aria-labelledby="your-consents-heading">
      <h2 id="your-consents-heading">{t('consents.heading')}</h2>
      <p>{t('consents.intro')}</p>
      {consents === null ? null : <MarketingEmails consents={consents} busy={asking} />}
      {consents === null ? (
        <p role="status">{t('consents.unavailable')}</p>
      ) : consents.length === 0 ? (
        <p>{t('consents.none')}</p>
      ) : (
        <ul className="your-consents__list">
          {consents.map((consent) => (
            <li key={`${consent.kind}-${consent.given_at}`}>
              <strong>{t(guest && consent.kind === 'terms' ? 'consents.kind.termsGuest' : KIND_KEYS[consent.kind])}</strong>
              <span>{t('consents.givenOn', { day: day(consent.given_at), version: day(`${consent.policy_version}T12:00:00Z`) })}</span>
              {!consent.withdrawn_at && consent.kind === 'marketing' && !consent.confirmed_at ? <span>{t('consents.pending')}</span> : null}
              {consent.withdrawn_at ? (
                <span>{t('consents.withdrawnOn', { day: day(consent.withdrawn_at) })}</span>
              ) : withdrawable(consent.kind) ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={WITHDRAW_CONSENT_INTENT} />
                  <input type="hidden" name="kind" value={consent.kind} />
                  <button type="submit" className="button button--ghost button--small" disabled={busyKind === consent.kind}>
                    {busyKind === consent.kind ? t('consents.withdrawing') : t('consents.withdraw')}
                    <span className="visually-hidden"> {t(KIND_KEYS[consent.kind])}</span>
                  </button>
                </Form>
              ) : (
                <span>{t(guest ? 'consents.endedByDeletingData' : 'consents.endedByDeleting')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Marketing email, off until asked for (issue 39): asking records the consent and emails a link that
 * confirms it (double opt-in); only then does it count. One form post, with or without JavaScript.
 */
function MarketingEmails({ consents, busy }: { consents: Consent[]; busy: boolean }) {
  const { t } = useI18n();
  const inForce = consents.find((consent) => consent.kind === 'marketing' && !consent.withdrawn_at);
  const state = !inForce ? 'off' : inForce.confirmed_at ? 'on' : 'pending';
  return (
    <div className="your-consents__marketing">
      <h3>{t('marketing.heading')}</h3>
      <p>{t(state === 'off' ? 'marketing.off' : state === 'on' ? 'marketing.on' : 'marketing.pending')}</p>
      {state === 'on' ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value={ASK_MARKETING_INTENT} />
          <button type="submit" className="button button--small" disabled={busy}>
            {t(state === 'off' ? 'marketing.ask' : 'marketing.resend')}
          </button>
        </Form>
      )}
    </div>
  );
}
