import { useLocation } from '@remix-run/react';

import {
  LANGUAGE_CHOICE_PARAM,
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  LOCALES,
  localizedPath,
  pathWithoutLocale,
  switchLanguagePath,
  useI18n,
} from '~/lib/i18n';

/**
 * The language switcher of the header and the footer (ADR 046): each language named in itself, a
 * plain link to the same page and query in that language, so it works without JavaScript; the link
 * carries `?lang=`, which the server remembers in a cookie before sending the page without it.
 */
export function LanguageSwitcher({ className, id }: { className: string; id: string }) {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <nav className={className} aria-labelledby={id}>
      <span id={id} className="visually-hidden">
        {t('language.label')}
      </span>
      <ul>
        {LOCALES.map((language) => (
          <li key={language}>
            {language === locale ? (
              <span className="language-switcher__current" lang={LANGUAGE_TAGS[language]}>
                {LANGUAGE_NAMES[language]}
              </span>
            ) : (
              <a
                href={switchLanguagePath(pathname, search, language)}
                hrefLang={LANGUAGE_TAGS[language]}
                lang={LANGUAGE_TAGS[language]}
                rel="alternate"
              >
                {LANGUAGE_NAMES[language]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `hreflang` alternates of the page one is on: each language's address, and English as x-default. */
export function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.delete(LANGUAGE_CHOICE_PARAM);
  const text = query.toString();
  const rest = text ? `?${text}` : '';
  const bare = pathWithoutLocale(pathname);
  const href = (language: (typeof LOCALES)[number]) => `${origin}${localizedPath(`${bare}${rest}`, language)}`;
  return (
    <>
      {LOCALES.map((language) => (
        <link key={language} rel="alternate" hrefLang={LANGUAGE_TAGS[language]} href={href(language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href('en')} />
    </>
  );
}
