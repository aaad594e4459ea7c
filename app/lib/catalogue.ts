import type { ProductListItem } from '@contract/api/catalogue';
import type { Hero } from '@contract/api/home';

import type { ProductCardData } from '~/components/product-card';

import { browseHref } from './browse';
import type { Locale } from './i18n';
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
  /** The owner's headline and button words (ADR 073), in place of the newest product's. */
  words?: { headline: string; button: string };
}

/**
 * The hero the owner set, in the page's language (Italian left empty reads in English); null when
 * its product or category is gone, so the newest product leads instead.
 */
export function ownerHero(hero: Hero, locale: Locale, storageBase: string): HomeHero | null {
  const target = hero.target;
  if (!target) return null;
  const pick = (en: string, it: string) => (locale === 'it' && it.trim() ? it : en);
  const headline = pick(hero.headline_en, hero.headline_it);
  const image = hero.image
    ? responsiveImage(
        {
          url: null,
          bucket_name: hero.image.bucket_name,
          storage_path: hero.image.path,
          width: hero.image.width,
          height: hero.image.height,
        },
        storageBase,
        '',
      )
    : null;
  return {
    name: target.name,
    href:
      target.kind === 'product'
        ? productHref({ name: target.name, is_variant_listing: false, short_description: '' })
        : browseHref({ category: target.name }),
    line: pick(hero.text_en, hero.text_it),
    // The art is decoration: the headline says what the hero is about.
    image,
    words: { headline, button: pick(hero.button_en, hero.button_it) },
  };
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
