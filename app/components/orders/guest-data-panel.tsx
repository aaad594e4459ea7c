import { useI18n } from '~/lib/i18n';

import { DeleteDataForm } from '../profile/delete-data-form';
import { dataExportHref } from '../profile/your-data';

/**
 * A guest's own data (GDPR art. 15, 17 and 20): signed in by the code emailed to them, they download the
 * same file an account holder gets from the profile, and delete what the shop holds about their email
 * with that email typed again (no password: the code was the proof). A plain link and form, without
 * JavaScript too.
 */
export function GuestDataPanel({ error }: { error: string | null }) {
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
      <DeleteDataForm
        idPrefix="guest-delete"
        labelledBy="guest-delete-heading"
        error={error}
        withPassword={false}
        submit={t('data.guestDelete')}
      />
    </section>
  );
}
