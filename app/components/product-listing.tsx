import { MESSAGES } from '~/lib/messages';
import { ProductCard, type ProductCardData } from './product-card';

/** The listing's three states: error, empty, grid. */
export function ProductListing({ products, error }: { products: ProductCardData[]; error: string | null }) {
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {MESSAGES.errorLoadingProducts(error)}
      </p>
    );
  }
  if (products.length === 0) return <p className="notice">{MESSAGES.noProductsAvailable}</p>;
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.key} product={product} index={index} />
      ))}
    </ul>
  );
}
