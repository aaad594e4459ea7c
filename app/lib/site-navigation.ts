import type { Navigation, NavigationGroup } from '@contract/api/navigation';
import { POLICY_DOCUMENTS } from '@contract/policies';

import type { MessageKey, Translate } from './i18n';
import type { MenuLink, ShopMenu } from './navigation';

/**
 * The header's Products menu and the footer's columns as a page draws them (ADR 071): the lists the
 * owner edits (`GET /api/navigation`, read by the root loader), with the catalogue's entry drawn as the
 * catalogue's products then its categories (ADR 048), so a new product appears there by itself.
 */
export interface SiteLink extends MenuLink {
  /** An address outside the shop: a plain link, never put under /it. */
  external?: boolean;
}
export interface SiteMenu {
  key: string;
  heading: string;
  links: SiteLink[];
}
export interface SiteNavigation {
  header: SiteMenu;
  footer: SiteMenu[];
}

/** The catalogue's products then its categories; nothing when the catalogue could not be read. */
const catalogueLinks = (menu: ShopMenu | null): SiteLink[] => (menu ? [...menu.products, ...menu.categories] : []);

function drawGroup(group: NavigationGroup, menu: ShopMenu | null): SiteMenu {
  return {
    key: group.key,
    heading: group.heading,
    links: group.links.flatMap((link) =>
      link.kind === 'catalogue'
        ? catalogueLinks(menu)
        : [{ name: link.label, to: link.href, ...(link.external ? { external: true } : {}) }],
    ),
  };
}

export function drawNavigation(navigation: Navigation, menu: ShopMenu | null): SiteNavigation {
  return { header: drawGroup(navigation.header, menu), footer: navigation.footer.map((group) => drawGroup(group, menu)) };
}

const POLICY_KEYS: Record<(typeof POLICY_DOCUMENTS)[number]['slug'], MessageKey> = {
  'privacy-policy': 'policy.privacy-policy',
  'return-policy': 'policy.return-policy',
  'terms-and-conditions': 'policy.terms-and-conditions',
  'website-use-agreement': 'policy.website-use-agreement',
};

/**
 * The shop's own menus, in its own words, for a page drawn without the owner's (an error page whose
 * root loader failed, an API that could not answer): the header and footer the shop started with.
 */
export function fallbackNavigation(t: Translate, menu: ShopMenu | null): SiteNavigation {
  const all = { name: t('footer.allProducts'), to: '/' };
  return {
    header: { key: 'products', heading: t('header.products'), links: [...catalogueLinks(menu), all] },
    footer: [
      { key: 'shop', heading: t('footer.shop'), links: [all, ...catalogueLinks(menu), { name: t('footer.giftCards'), to: '/gift-cards' }] },
      {
        key: 'account',
        heading: t('footer.account'),
        links: [
          { name: t('footer.profile'), to: '/profile' },
          { name: t('footer.orders'), to: '/orders' },
          { name: t('footer.cart'), to: '/cart' },
          { name: t('footer.createAccount'), to: '/register' },
        ],
      },
      {
        key: 'policies',
        heading: t('footer.policies'),
        links: POLICY_DOCUMENTS.map((doc) => ({ name: t(POLICY_KEYS[doc.slug]), to: `/${doc.slug}` })),
      },
      {
        key: 'support',
        heading: t('footer.support'),
        links: [
          { name: t('footer.contactUs'), to: '/contact' },
          { name: t('footer.purchaseProblem'), to: '/contact?reason=purchase_error' },
          { name: t('footer.returns'), to: '/return-policy' },
          { name: t('footer.aboutUs'), to: '/about' },
        ],
      },
    ],
  };
}

/** What a page shows: the owner's navigation when the root loader read it, else the shop's own. */
export function siteNavigationOf(navigation: Navigation | null | undefined, menu: ShopMenu | null, t: Translate): SiteNavigation {
  return navigation ? drawNavigation(navigation, menu) : fallbackNavigation(t, menu);
}
