import { Form, useNavigation } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

export const DELETE_ACCOUNT_INTENT = 'delete-account';

/** Download my data's address: an unprefixed resource route, told the page's language for the README (`?lang=it`). */
export function dataExportHref(locale: string): string {
  return locale === 'en' ? '/profile/data' : `/profile/data?lang=${encodeURIComponent(locale)}`;
}

/**
 * Your data (GDPR art. 15, 17 and 20): the file of everything the shop holds about the shopper, and
 * the account's deletion, asked for with the email typed again and the password. Both work as plain
 * links and forms, without JavaScript.
 */
export function YourData({ error }: { error: string | null }) {
  const deleting = useNavigation().formData?.get('intent') === DELETE_ACCOUNT_INTENT;
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel your-data" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{t('data.heading')}</h2>
      <p>{t('data.intro')}</p>
      <a className="button button--ghost" href={dataExportHref(locale)} download>
        {t('data.download')}
      </a>
      <h3 id="delete-account-heading">{t('data.deleteHeading')}</h3>
      <p>{t('data.deleteText')}</p>
      <Form method="post" className="your-data__delete" aria-labelledby="delete-account-heading" noValidate>
        <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
        <div className="field">
          <label htmlFor="delete-confirm-email">{t('data.confirmEmail')}</label>
          <input
            id="delete-confirm-email"
            name="confirm_email"
            type="email"
            autoComplete="off"
            required
            aria-describedby={error ? 'delete-account-error' : undefined}
            aria-invalid={error ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="delete-password">{t('data.password')}</label>
          <input id="delete-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        {error ? (
          <p className="field__error" id="delete-account-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--danger" disabled={deleting}>
          {deleting ? t('data.deleting') : t('data.delete')}
        </button>
      </Form>
    </section>
  );
}
