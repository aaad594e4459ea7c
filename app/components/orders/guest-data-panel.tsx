import { useI18n } from '~/lib/i18n';

import { dataExportHref } from '../profile/your-data';

/**
 * A guest's own data (GDPR art. 15 and 20): signed in by the code emailed to them, they download the
 * same file an account holder gets from the profile. A plain link, without JavaScript too.
 */
export function GuestDataPanel() {
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel guest-data" aria-labelledby="guest-data-heading">
      <h2 id="guest-data-heading">{t('data.heading')}</h2>
      <p>{t('data.guestIntro')}</p>
      <a className="button button--ghost" href={dataExportHref(locale)} download>
        {t('data.download')}
      </a>
    </section>
  );
}
