import { useI18n } from '~/lib/i18n';

import { DeleteDataForm } from './delete-data-form';

export { DELETE_ACCOUNT_INTENT } from './delete-data-form';

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
      <DeleteDataForm idPrefix="delete-account" labelledBy="delete-account-heading" error={error} withPassword submit={t('data.delete')} />
    </section>
  );
}
