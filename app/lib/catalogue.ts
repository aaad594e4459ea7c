import type { ProductListItem } from '@contract/api/catalogue';

import type { ProductCardData } from '~/components/product-card';

import { type ResponsiveImage, responsiveImage } from './images';
import { MESSAGES } from './messages';
import { productHref } from './product-link';

/** Dot-grid colours for the catalogue's garment colours; anything else draws in ink. */
const ACCENTS: Record<string, string> = { BLACK: '#1d1d1f', RED: '#b3261e', BEIGE: '#a8895a', GREY: '#7a7d80' };

function accentOf(item: ProductListItem): string {
  const colour =
    item.variant_info?.attributes?.find((a) => a.attribute_name === 'color')?.value ??
    /\/(black|red|beige|grey)-/i.exec(item.featured_images[0]?.storage_path ?? '')?.[1]?.toUpperCase();
  return (colour && ACCENTS[colour]) || ACCENTS.BLACK;
}

/** A listing card: first category (default PRODUCT), featured image, link with the listing's options. */
export function toProductCard(item: ProductListItem, storageBase: string): ProductCardData {
  const image = item.featured_images[0] ?? item.product_images[0];
  return {
    key: item.variant_info ? `${item.id}:${item.variant_info.variant_id}` : item.id,
    productId: item.id,
    variantId: item.variant_info?.variant_id ?? null,
    name: item.name,
    href: productHref(item),
    category: item.categories[0]?.name ?? MESSAGES.defaultCategory,
    price: item.price,
    inStock: item.in_stock,
    // The API's word, until the launch instant passes here too: a cached 'Coming soon' does not outlive it.
    comingSoon: item.coming_soon && Date.parse(item.launch_date) > Date.now(),
    launchDate: item.launch_date,
    image: image ? responsiveImage(image, storageBase, item.name) : null,
    accent: accentOf(item),
  };
}

/** The home page's hero: the newest product (not a variant listing), its art, and where it leads. */
export interface HomeHero {
  name: string;
  href: string;
  line: string;
  image: ResponsiveImage | null;
}

/**
 * The newest product's art for the home page: its featured image, drawn at seed time. Takes the
 * grid's first page, newest first as the API orders it: no further call to the API, no sort.
 */
export function homeHero(byLaunch: ProductListItem[], storageBase: string): HomeHero | null {
  const newest = byLaunch.find((item) => !item.is_variant_listing);
  if (!newest) return null;
  const art = newest.featured_images[0] ?? newest.product_images[0];
  return {
    name: newest.name,
    href: productHref(newest),
    line: newest.short_description,
    image: art ? responsiveImage(art, storageBase, newest.name) : null,
  };
}
