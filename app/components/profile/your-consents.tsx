import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';

import { type consentListSchema, WITHDRAWABLE_CONSENTS } from '@contract/api/privacy';

import { formatLongDate } from '~/lib/dates';
import { type MessageKey, useI18n } from '~/lib/i18n';

export const WITHDRAW_CONSENT_INTENT = 'withdraw-consent';

type Consent = z.infer<typeof consentListSchema>[number];
const withdrawable = (kind: Consent['kind']): boolean => (WITHDRAWABLE_CONSENTS as readonly string[]).includes(kind);
const KIND_KEYS: Record<Consent['kind'], MessageKey> = {
  cookies: 'consents.kind.cookies',
  marketing: 'consents.kind.marketing',
  terms: 'consents.kind.terms',
};

/** The consents the shopper gave, newest first, each in force with its Withdraw button: one form post, as with or without JavaScript. */
export function YourConsents({ consents }: { consents: Consent[] | null }) {
  const navigation = useNavigation();
  const busyKind = navigation.formData?.get('intent') === WITHDRAW_CONSENT_INTENT ? navigation.formData.get('kind') : null;
  const { locale, t } = useI18n();
  const day = (at: string) => formatLongDate(at, locale);
  return (
    <section className="profile-panel your-consents" aria-labelledby="your-consents-heading">
      <h2 id="your-consents-heading">{t('consents.heading')}</h2>
      <p>{t('consents.intro')}</p>
      {consents === null ? (
        <p role="status">{t('consents.unavailable')}</p>
      ) : consents.length === 0 ? (
        <p>{t('consents.none')}</p>
      ) : (
        <ul className="your-consents__list">
          {consents.map((consent) => (
            <li key={`${consent.kind}-${consent.given_at}`}>
              <strong>{t(KIND_KEYS[consent.kind])}</strong>
              <span>{t('consents.givenOn', { day: day(consent.given_at), version: day(`${consent.policy_version}T12:00:00Z`) })}</span>
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
                <span>{t('consents.endedByDeleting')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
