import { Form, useNavigation } from '@remix-run/react';

import { LANGUAGE_NAMES, LANGUAGE_TAGS, type Locale, LOCALES, useI18n } from '~/lib/i18n';

export const LANGUAGE_INTENT = 'language';

/**
 * The shopper's language, kept in their account (ADR 046): the shop's pages when they come back
 * signed in, and their emails and receipts from now on. A plain form post, with or without JavaScript.
 */
export function YourLanguage({ current }: { current: Locale }) {
  const { t } = useI18n();
  const saving = useNavigation().formData?.get('intent') === LANGUAGE_INTENT;
  return (
    <section className="profile-panel your-language" aria-labelledby="your-language-heading">
      <h2 id="your-language-heading">{t('profile.languageHeading')}</h2>
      <Form method="post" className="your-language__form">
        <input type="hidden" name="intent" value={LANGUAGE_INTENT} />
        <div className="field">
          <label htmlFor="profile-locale">{t('profile.language')}</label>
          <select id="profile-locale" name="locale" defaultValue={current} aria-describedby="profile-locale-hint">
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={LANGUAGE_TAGS[locale]}>
                {LANGUAGE_NAMES[locale]}
              </option>
            ))}
          </select>
          <p className="field__hint" id="profile-locale-hint">
            {t('profile.languageHint')}
          </p>
        </div>
        <button type="submit" className="button button--ghost button--small" disabled={saving}>
          {t('profile.saveLanguage')}
        </button>
      </Form>
    </section>
  );
}
