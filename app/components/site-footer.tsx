import { BRAND } from '@contract/brand';
import { POLICY_DOCUMENTS } from '@contract/policies';

import { type MessageKey, type Translate, useI18n } from '~/lib/i18n';
import { PRODUCT_MENU, type ShopMenu } from '~/lib/navigation';

import { LanguageSwitcher } from './language-switcher';
import { ShopLink } from './shop-link';
import { SocialLinks } from './social-links';

const POLICY_KEYS: Record<(typeof POLICY_DOCUMENTS)[number]['slug'], MessageKey> = {
  'privacy-policy': 'policy.privacy-policy',
  'return-policy': 'policy.return-policy',
  'terms-and-conditions': 'policy.terms-and-conditions',
  'website-use-agreement': 'policy.website-use-agreement',
};

/** The footer's groups; `id` names each group's heading whatever the language. */
const groups = (t: Translate, menu: ShopMenu | null) => [
  {
    id: 'shop',
    heading: t('footer.shop'),
    // The catalogue's products and categories (the spec's three when it could not be read).
    links: [
      { name: t('footer.allProducts'), to: '/' },
      ...(menu?.products.length ? [...menu.products, ...menu.categories] : PRODUCT_MENU),
      { name: t('footer.giftCards'), to: '/gift-cards' },
    ],
  },
  {
    id: 'account',
    heading: t('footer.account'),
    links: [
      { name: t('footer.profile'), to: '/profile' },
      { name: t('footer.orders'), to: '/orders' },
      { name: t('footer.cart'), to: '/cart' },
      { name: t('footer.createAccount'), to: '/register' },
    ],
  },
  {
    id: 'policies',
    heading: t('footer.policies'),
    links: POLICY_DOCUMENTS.map((doc) => ({ name: t(POLICY_KEYS[doc.slug]), to: `/${doc.slug}` })),
  },
  {
    id: 'support',
    heading: t('footer.support'),
    links: [
      { name: t('footer.contactUs'), to: '/contact' },
      { name: t('footer.purchaseProblem'), to: '/contact?reason=purchase_error' },
      { name: t('footer.returns'), to: '/return-policy' },
      { name: t('footer.aboutUs'), to: '/about' },
    ],
  },
];

/** Footer: the link groups shop, account, policies and support, and the Milan address (docs/product.md#site-chrome). */
export function SiteFooter({ menu }: { menu: ShopMenu | null }) {
  const hq = BRAND.headquarters;
  const { t } = useI18n();
  return (
    <footer className="site-footer">
      <div className="site-footer__groups">
        {groups(t, menu).map((group) => (
          <nav key={group.id} aria-labelledby={`footer-${group.id}`} className="footer-group">
            <h2 id={`footer-${group.id}`} className="footer-group__heading">
              {group.heading}
            </h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <ShopLink to={link.to}>{link.name}</ShopLink>
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
