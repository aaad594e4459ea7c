import { useArrivingAt } from '../use-arriving';

/** True while a client navigation brings the shopper to /cart from another page. */
export function useCartLoading(): boolean {
  return useArrivingAt('/cart');
}

/** Placeholder lines and summary shown while the cart loads (docs/product.md#cart). */
export function CartSkeleton() {
  return (
    <section className="cart-skeleton" aria-busy="true" aria-label="Loading cart" data-testid="cart-skeleton">
      {[0, 1].map((i) => (
        <div key={i} className="cart-skeleton__line">
          <div className="cart-skeleton__block cart-skeleton__image" />
          <div className="cart-skeleton__text">
            <div className="cart-skeleton__block" />
            <div className="cart-skeleton__block cart-skeleton__block--short" />
          </div>
        </div>
      ))}
      <div className="cart-skeleton__block cart-skeleton__summary" />
    </section>
  );
}
