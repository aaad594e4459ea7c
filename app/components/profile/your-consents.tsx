import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';

import { type consentListSchema, WITHDRAWABLE_CONSENTS } from '@contract/api/privacy';

import { formatLongDate } from '~/lib/dates';
import { CONSENT_MESSAGES } from '~/lib/messages';

export const WITHDRAW_CONSENT_INTENT = 'withdraw-consent';

type Consent = z.infer<typeof consentListSchema>[number];
const day = (at: string) => formatLongDate(at);
const withdrawable = (kind: Consent['kind']): boolean => (WITHDRAWABLE_CONSENTS as readonly string[]).includes(kind);

/** The consents the shopper gave, newest first, each in force with its Withdraw button: one form post, as with or without JavaScript. */
export function YourConsents({ consents }: { consents: Consent[] | null }) {
  const navigation = useNavigation();
  const busyKind = navigation.formData?.get('intent') === WITHDRAW_CONSENT_INTENT ? navigation.formData.get('kind') : null;
  return (
    <section className="profile-panel your-consents" aria-labelledby="your-consents-heading">
      <h2 id="your-consents-heading">{CONSENT_MESSAGES.heading}</h2>
      <p>{CONSENT_MESSAGES.intro}</p>
      {consents === null ? (
        <p role="status">{CONSENT_MESSAGES.unavailable}</p>
      ) : consents.length === 0 ? (
        <p>{CONSENT_MESSAGES.none}</p>
      ) : (
        <ul className="your-consents__list">
          {consents.map((consent) => (
            <li key={`${consent.kind}-${consent.given_at}`}>
              <strong>{CONSENT_MESSAGES.kinds[consent.kind]}</strong>
              <span>{CONSENT_MESSAGES.givenOn(day(consent.given_at), formatLongDate(`${consent.policy_version}T12:00:00Z`))}</span>
              {consent.withdrawn_at ? (
                <span>{CONSENT_MESSAGES.withdrawnOn(day(consent.withdrawn_at))}</span>
              ) : withdrawable(consent.kind) ? (
                <Form method="post">
                  <input type="hidden" name="intent" value={WITHDRAW_CONSENT_INTENT} />
                  <input type="hidden" name="kind" value={consent.kind} />
                  <button type="submit" className="button button--ghost button--small" disabled={busyKind === consent.kind}>
                    {busyKind === consent.kind ? CONSENT_MESSAGES.withdrawing : CONSENT_MESSAGES.withdraw}
                    <span className="visually-hidden"> {CONSENT_MESSAGES.kinds[consent.kind]}</span>
                  </button>
                </Form>
              ) : (
                <span>{CONSENT_MESSAGES.endedByDeleting}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
