import { Link } from '@remix-run/react';
import type { ResponsiveImage } from '~/lib/images';
import { MESSAGES } from '~/lib/messages';
import { formatEuro } from '~/lib/money';

/** What the listing needs of a product, prepared by the loader. */
export interface ProductCardData {
  key: string;
  name: string;
  href: string;
  category: string;
  price: number;
  inStock: boolean;
  image: ResponsiveImage | null;
}

export function ProductCard({ product, index }: { product: ProductCardData; index: number }) {
  return (
    <li className="product-card" style={{ '--stagger': index } as React.CSSProperties}>
      <Link to={product.href} className="product-card__link" prefetch="intent">
        <div className="product-card__media">
          {product.image ? (
            <img
              src={product.image.src}
              srcSet={product.image.srcSet}
              sizes="(max-width: 768px) 100vw, 33vw"
              width={product.image.width}
              height={product.image.height}
              alt={product.image.alt}
              // The first row is the largest paint: load it at once, the rest when scrolled to.
              loading={index < 3 ? 'eager' : 'lazy'}
              // React 18 does not know fetchPriority yet; the lower-case attribute reaches the HTML.
              {...(index === 0 ? { fetchpriority: 'high' } : {})}
              decoding="async"
            />
          ) : (
            <div className="image-placeholder" role="img" aria-label={MESSAGES.noImage}>
              {MESSAGES.noImage}
            </div>
          )}
        </div>
        <div className="product-card__body">
          <p className="product-card__category">{product.category}</p>
          <h2 className="product-card__name">{product.name}</h2>
          <p className="product-card__price">{formatEuro(product.price)}</p>
        </div>
      </Link>
    </li>
  );
}
