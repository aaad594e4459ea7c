import { formatEuro } from '@contract/money';

import { useI18n } from '~/lib/i18n';
import type { ResponsiveImage } from '~/lib/images';

import { ComingSoon } from './drop-launch';
import { FallbackImage } from './fallback-image';
import { NotifyForm } from './notify-form';
import { ShopLink } from './shop-link';

/** What the listing needs of a product, prepared by the loader. */
export interface ProductCardData {
  key: string;
  productId: string;
  /** Set for variant listings: the wishlist entry is for this variant. */
  variantId: string | null;
  name: string;
  href: string;
  category: string;
  price: number;
  inStock: boolean;
  /** A drop before its launch: 'Coming soon' with the launch time, and its launch list instead of a purchase. */
  comingSoon: boolean;
  launchDate: string;
  image: ResponsiveImage | null;
  /** Colour the dot grid takes while this card is hovered or active. */
  accent: string;
}

/** The card image; a broken one becomes the 'Image Error' placeholder, a missing one 'No Image'. */
function CardImage({ image, index, imageError }: { image: ResponsiveImage | null; index: number; imageError: string }) {
  return (
    <FallbackImage
      src={image?.src}
      brokenPlaceholder={imageError}
      srcSet={image?.srcSet}
      sizes="(max-width: 768px) 100vw, 33vw"
      width={image?.width}
      height={image?.height}
      alt={image?.alt ?? ''}
      style={image?.position ? { objectPosition: image.position } : undefined}
      // The first image is the largest paint on a phone, where the grid has one column: it loads at
      // once; the rest when the layout shows them near the screen, so they never hold up the first paint.
      loading={index === 0 ? 'eager' : 'lazy'}
      // React 18 does not know fetchPriority yet; the lower-case attribute reaches the HTML.
      {...(index === 0 ? { fetchpriority: 'high' } : {})}
      decoding="async"
    />
  );
}

export function ProductCard({
  product,
  index,
  active = false,
  wishlisted = false,
  userEmail = null,
  onActivate,
}: {
  product: ProductCardData;
  index: number;
  active?: boolean;
  wishlisted?: boolean;
  userEmail?: string | null;
  onActivate?: (key: string | null) => void;
}) {
  const { locale, t } = useI18n();
  return (
    <li
      className={`product-card${active ? ' is-active' : ''}${product.inStock ? '' : ' product-card--sold-out'}`}
      style={{ '--stagger': index } as React.CSSProperties}
      data-card-key={product.key}
      onMouseEnter={() => onActivate?.(product.key)}
      onMouseLeave={() => onActivate?.(null)}
    >
      <ShopLink to={product.href} className="product-card__link" prefetch="intent" onFocus={() => onActivate?.(product.key)}>
        <div className="product-card__media">
          <CardImage image={product.image} index={index} imageError={t('card.imageError')} />
          {product.inStock && !product.comingSoon ? (
            <span className="product-card__cta" aria-hidden="true">
              {t('card.viewProduct')}
            </span>
          ) : null}
        </div>
        <div className="product-card__body">
          <p className="product-card__category">{product.category}</p>
          <h2 className="product-card__name">{product.name}</h2>
          <p className="product-card__price">{formatEuro(product.price, locale)}</p>
        </div>
      </ShopLink>
      {product.comingSoon ? <ComingSoon at={product.launchDate} /> : null}
      {product.inStock && !product.comingSoon ? null : (
        <NotifyForm
          target={{
            formKey: `notify-${product.key.replace(/[^a-zA-Z0-9-]/g, '-')}`,
            productId: product.productId,
            variantId: product.variantId,
            productName: product.name,
          }}
          userEmail={userEmail}
          wishlisted={wishlisted}
          returnTo="/"
          {...(product.comingSoon ? { heading: t('notify.atLaunch') } : {})}
        />
      )}
    </li>
  );
}
