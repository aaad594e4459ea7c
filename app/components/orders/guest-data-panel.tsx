import { Form, useNavigation } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

import { dataExportHref, DELETE_ACCOUNT_INTENT } from '../profile/your-data';

/**
 * A guest's own data (GDPR art. 15, 17 and 20): signed in by the code emailed to them, they download the
 * same file an account holder gets from the profile, and delete what the shop holds about their email
 * with that email typed again (no password: the code was the proof). A plain link and form, without
 * JavaScript too.
 */
export function GuestDataPanel({ error }: { error: string | null }) {
  const deleting = useNavigation().formData?.get('intent') === DELETE_ACCOUNT_INTENT;
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel guest-data" aria-labelledby="guest-data-heading">
      <h2 id="guest-data-heading">{t('data.heading')}</h2>
      <p>{t('data.guestIntro')}</p>
      <a className="button button--ghost" href={dataExportHref(locale)} download>
        {t('data.download')}
      </a>
      <h3 id="guest-delete-heading">{t('data.guestDeleteHeading')}</h3>
      <p>{t('data.guestDeleteText')}</p>
      <Form method="post" className="your-data__delete" aria-labelledby="guest-delete-heading" noValidate>
        <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
        <div className="field">
          <label htmlFor="guest-delete-confirm-email">{t('data.confirmEmail')}</label>
          <input
            id="guest-delete-confirm-email"
            name="confirm_email"
            type="email"
            autoComplete="off"
            required
            aria-describedby={error ? 'guest-delete-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        {error ? (
          <p className="field__error" id="guest-delete-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? t('data.deleting') : t('data.guestDelete')}
        </button>
      </Form>
    </section>
  );
}
