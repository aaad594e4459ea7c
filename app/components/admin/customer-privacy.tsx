import { Form } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

export const ERASE_INTENT = 'erase';

/**
 * The owner answers a customer's data request (GDPR art. 15, 17 and 20): the same file the customer
 * can download themselves, and their erasure, confirmed by typing their email. Plain link and form,
 * so both work without JavaScript. Shown to owners only; the API refuses staff anyway.
 */
export function CustomerPrivacy({
  customerId,
  erased,
  error,
  busy,
}: {
  customerId: string;
  erased: boolean;
  error: string | null;
  busy: boolean;
}) {
  const { t, fm } = useI18n();
  return (
    <section aria-labelledby="customer-privacy-heading">
      <h2 id="customer-privacy-heading">{t('adminPeople.privacyRequests.heading')}</h2>
      <p>
        <a className="button button--ghost" href={`/admin/customers/${customerId}/data`} download>
          {t('adminPeople.privacyRequests.export')}
        </a>
      </p>
      {erased ? (
        <p>{t('adminPeople.privacyRequests.erased')}</p>
      ) : (
        <>
          <h3 id="erase-customer-heading">{t('adminPeople.privacyRequests.erase')}</h3>
          <p>{t('adminPeople.privacyRequests.eraseText')}</p>
          <Form method="post" className="admin-form" aria-labelledby="erase-customer-heading" noValidate>
            <input type="hidden" name="intent" value={ERASE_INTENT} />
            <div className="field">
              <label htmlFor="erase-confirm-email">{t('adminPeople.privacyRequests.confirmEmail')}</label>
              <input
                id="erase-confirm-email"
                name="confirm_email"
                type="email"
                autoComplete="off"
                required
                aria-describedby={error ? 'erase-customer-error' : undefined}
                aria-invalid={error ? true : undefined}
              />
            </div>
            {error ? (
              <p className="field__error" id="erase-customer-error" role="alert">
                {fm(error)}
              </p>
            ) : null}
            <button type="submit" className="button button--danger" disabled={busy}>
              {t(busy ? 'adminPeople.privacyRequests.erasing' : 'adminPeople.privacyRequests.erase')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
