import { parseWithZod } from '@conform-to/zod';

import type { ProductDetails, ProductVariant } from '@contract/api/catalogue';
import { BRAND } from '@contract/brand';
import { NO_IMAGE_PATH } from '@contract/no-image';
import { optionText } from '@contract/options';

import { PURCHASE_INTENTS, purchaseSchema } from '~/forms/purchase';

import { type ApiImage, type ResponsiveImage, responsiveImage } from './images';
import { markdownHtml } from './markdown.server';
import { MESSAGES } from './messages';
import { initialSelection } from './variant-selection';

/** Gallery images: never the background ones (docs/product.md#data-catalogue), which become the page background instead. */
function galleryOf(images: (ApiImage & { type?: string })[], storageBase: string, name: string): ResponsiveImage[] {
  return images
    .filter((image) => image.type !== 'background')
    .map((image) => responsiveImage(image, storageBase, name))
    .filter((image): image is ResponsiveImage => image !== null);
}

/** Everything the product page renders, prepared on the server so the browser gets no more than it needs. */
export function productPageData(product: ProductDetails, url: URL, storageBase: string) {
  const { selection, variant } = initialSelection(product.variants, url.searchParams);
  const productGallery = galleryOf(
    product.product_images.length ? product.product_images : product.featured_images,
    storageBase,
    product.name,
  );
  const galleries: Record<string, ResponsiveImage[]> = {};
  const backgrounds: Record<string, ResponsiveImage | null> = {};
  const productBackground = product.background_images[0] ? responsiveImage(product.background_images[0], storageBase, '') : null;
  for (const v of product.variants) {
    const own = galleryOf(v.product_images.length ? v.product_images : v.featured_images, storageBase, product.name);
    galleries[v.id] = own.length ? own : productGallery;
    backgrounds[v.id] = v.background_images[0] ? responsiveImage(v.background_images[0], storageBase, '') : productBackground;
  }
  const imageParam = Number(url.searchParams.get('image'));
  const gallery = variant ? galleries[variant.id] : productGallery;
  const imageIndex = Number.isInteger(imageParam) && imageParam > 0 && imageParam < gallery.length ? imageParam : 0;
  const sizeChart = variant?.size_chart ?? product.variants.find((v) => v.size_chart)?.size_chart ?? null;
  return {
    product: {
      id: product.id,
      name: product.name,
      category: product.categories[0]?.name ?? MESSAGES.defaultCategory,
      shortDescription: product.short_description,
      longDescription: product.long_description,
      // Markdown, rendered here: the page ships the HTML, not a parser.
      longDescriptionHtml: product.long_description ? markdownHtml(product.long_description) : '',
      price: product.price,
      inStock: product.in_stock,
      // The API's word, until the launch instant passes here too: a cached 'Coming soon' does not outlive it.
      comingSoon: product.coming_soon && (!product.launch_date || Date.parse(product.launch_date) > Date.now()),
      launchDate: product.launch_date ?? null,
      purchaseLimit: product.purchase_limit,
    },
    variants: product.variants.map((v: ProductVariant) => ({
      id: v.id,
      sku: v.sku,
      price: v.price,
      in_stock: v.in_stock,
      attributes: v.attributes,
    })),
    productGallery,
    galleries,
    productBackground,
    backgrounds,
    sizeChart,
    selection,
    variantId: variant?.id ?? null,
    imageIndex,
  };
}

const AVAILABILITY = {
  soon: 'https://schema.org/PreOrder',
  in: 'https://schema.org/InStock',
  out: 'https://schema.org/OutOfStock',
} as const;
/** The schema.org properties a variant's options map to; others are named by `variesBy` only when listed here. */
const VARIES_BY: Record<string, string> = { color: 'color', size: 'size', material: 'material', treatment: 'pattern' };

/**
 * JSON-LD (schema.org) of the whole product: a ProductGroup whose every variant is a Product with its
 * own options, SKU, address, price and availability, so a search engine reading the page with one
 * variant chosen still knows what the others cost and whether they are in stock. A product without
 * pictures shows the placeholder.
 */
export function productJsonLd(page: ReturnType<typeof productPageData>, canonical: string) {
  const { product } = page;
  const placeholder = new URL(NO_IMAGE_PATH, canonical).toString();
  const imageOf = (gallery: ResponsiveImage[] | undefined) => gallery?.[0]?.src ?? placeholder;
  const availability = (inStock: boolean) => (product.comingSoon ? AVAILABILITY.soon : inStock ? AVAILABILITY.in : AVAILABILITY.out);
  const varying = [...new Set(page.variants.flatMap((v) => v.attributes.map((a) => a.attribute_name)))].filter(
    (name) => new Set(page.variants.map((v) => v.attributes.find((a) => a.attribute_name === name)?.value)).size > 1,
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    description: product.shortDescription,
    category: product.category,
    url: canonical,
    productGroupID: product.id,
    image: imageOf(page.productGallery),
    brand: { '@type': 'Brand', name: BRAND.name },
    variesBy: varying.map((name) => `https://schema.org/${VARIES_BY[name] ?? name}`),
    hasVariant: page.variants.map((variant) => {
      const options = new URLSearchParams(variant.attributes.map((a) => [a.attribute_name, a.value]));
      const words = Object.fromEntries(
        variant.attributes.filter((a) => VARIES_BY[a.attribute_name]).map((a) => [VARIES_BY[a.attribute_name], optionText(a)]),
      );
      const chosen = variant.attributes.filter((a) => varying.includes(a.attribute_name)).map(optionText);
      return {
        '@type': 'Product',
        sku: variant.sku,
        name: chosen.length ? `${product.name} (${chosen.join(', ')})` : product.name,
        ...words,
        image: imageOf(page.galleries[variant.id]),
        offers: {
          '@type': 'Offer',
          url: `${canonical}?${options.toString()}`,
          price: (variant.price / 100).toFixed(2),
          priceCurrency: 'EUR',
          availability: availability(variant.in_stock),
        },
      };
    }),
  };
}

/**
 * The action's reading of Add to Cart and Quick Purchase. It lives here, on the server, so the route's
 * browser bundle does not keep zod for it: the browser's own check is fetched on demand (forms/purchase-validation.ts).
 */
export function isPurchaseIntent(intent: unknown): boolean {
  return PURCHASE_INTENTS.includes(String(intent));
}

export function parsePurchase(formData: FormData) {
  return parseWithZod(formData, { schema: purchaseSchema });
}
