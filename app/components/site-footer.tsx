import { BRAND } from '@contract/brand';
import { PRODUCT_MENU } from '~/lib/navigation';
import { POLICY_DOCUMENTS } from '@contract/policies';
import { SocialLinks } from './social-links';
import { ShopLink } from './shop-link';

const GROUPS = [
  { heading: 'Shop', links: [{ name: 'All products', to: '/' }, ...PRODUCT_MENU] },
  {
    heading: 'Account',
    links: [
      { name: 'Profile', to: '/profile' },
      { name: 'Orders', to: '/orders' },
      { name: 'Cart', to: '/cart' },
      { name: 'Create account', to: '/register' },
    ],
  },
  { heading: 'Policies', links: POLICY_DOCUMENTS.map((doc) => ({ name: doc.title, to: `/${doc.slug}` })) },
  {
    heading: 'Support',
    links: [
      { name: 'Contact us', to: '/contact' },
      { name: 'Problem with a purchase', to: '/contact?reason=purchase_error' },
      { name: 'Returns', to: '/return-policy' },
      { name: 'About us', to: '/about' },
    ],
  },
];

/** Footer: the link groups shop, account, policies and support, and the Milan address (docs/product.md#site-chrome). */
export function SiteFooter() {
  const hq = BRAND.headquarters;
  return (
    <footer className="site-footer">
      <div className="site-footer__groups">
        {GROUPS.map((group) => (
          <nav key={group.heading} aria-labelledby={`footer-${group.heading.toLowerCase()}`} className="footer-group">
            <h2 id={`footer-${group.heading.toLowerCase()}`} className="footer-group__heading">
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
          <strong>{BRAND.name}</strong> · {hq.line1}, {hq.postalCode} {hq.city}, {hq.country} ·{' '}
          <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
        </address>
        <SocialLinks className="social-links" label="Social media" />
        <p>{BRAND.tagline}.</p>
      </div>
    </footer>
  );
}
