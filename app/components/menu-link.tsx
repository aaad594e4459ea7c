import type { SiteLink } from '~/lib/site-navigation';

import { ShopLink } from './shop-link';

/** A link of the shop's menus: one of its own pages in the page's language, or, for an outside address, a plain link. */
export function MenuLink({ link }: { link: SiteLink }) {
  if (link.external) return <a href={link.to}>{link.name}</a>;
  return <ShopLink to={link.to}>{link.name}</ShopLink>;
}
