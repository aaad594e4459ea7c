import type { ProductDetails, ProductVariant } from '@contract/api/catalogue';
import { responsiveImage, type ApiImage, type ResponsiveImage } from './images';
import { BRAND } from '@contract/brand';
import { MESSAGES } from './messages';
import { initialSelection } from './variant-selection';
import { parseWithZod } from '@conform-to/zod';
import { PURCHASE_INTENTS, purchaseSchema } from '~/forms/purchase';

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
  const productGallery = galleryOf(product.product_images.length ? product.product_images : product.featured_images, storageBase, product.name);
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
      price: product.price,
      inStock: product.in_stock,
      // The API's word, until the launch instant passes here too: a cached 'Coming soon' does not outlive it.
      comingSoon: product.coming_soon && (!product.launch_date || Date.parse(product.launch_date) > Date.now()),
      launchDate: product.launch_date ?? null,
      purchaseLimit: product.purchase_limit,
    },
    variants: product.variants.map((v: ProductVariant) => ({ id: v.id, sku: v.sku, price: v.price, in_stock: v.in_stock, attributes: v.attributes })),
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

/** JSON-LD Product with its Offer (schema.org), for the selected variant when there is one. */
export function productJsonLd(page: ReturnType<typeof productPageData>, canonical: string) {
  const variant = page.variants.find((v) => v.id === page.variantId);
  const price = variant?.price ?? page.product.price;
  const inStock = variant ? variant.in_stock : page.product.inStock;
  const image = (page.variantId ? page.galleries[page.variantId] : page.productGallery)[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: page.product.name,
    description: page.product.shortDescription,
    category: page.product.category,
    ...(variant ? { sku: variant.sku } : {}),
    ...(image ? { image: image.src } : {}),
    brand: { '@type': 'Brand', name: BRAND.name },
    offers: {
      '@type': 'Offer',
      url: canonical,
      price: (price / 100).toFixed(2),
      priceCurrency: 'EUR',
      availability: page.product.comingSoon ? 'https://schema.org/PreOrder' : inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
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
