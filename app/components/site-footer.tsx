import { BRAND } from '@contract/brand';

import { useI18n } from '~/lib/i18n';
import type { SiteMenu } from '~/lib/site-navigation';

import { LanguageSwitcher } from './language-switcher';
import { MenuLink } from './menu-link';
import { SocialLinks } from './social-links';

/**
 * Footer: the owner's columns of links (at first shop, account, policies and support; ADR 071), and
 * the Milan address (docs/product.md#site-chrome). A column's heading names it whatever the language.
 */
export function SiteFooter({ columns }: { columns: SiteMenu[] }) {
  const hq = BRAND.headquarters;
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="site-footer__groups">
        {columns.map((group) => (
          <nav key={group.key} aria-labelledby={`footer-${group.key}`} className="footer-group">
            <h2 id={`footer-${group.key}`} className="footer-group__heading">
              {group.heading}
            </h2>
            <ul>
              {group.links.map((link, i) => (
                <li key={`${i}:${link.to}`}>
                  <MenuLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="site-footer__base">
        <address>
          <strong>{BRAND.name}</strong> · {hq.line1}, {hq.postalCode} {hq.city}, {t('footer.country')} ·{' '}
          <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
        </address>
        <SocialLinks className="social-links" label={t('footer.social')} />
        <LanguageSwitcher className="language-switcher language-switcher--footer" id="footer-language" />
        <p>{t('footer.tagline')}</p>
      </div>
    </footer>
  );
}
