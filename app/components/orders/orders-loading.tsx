import { ACCOUNT_MESSAGES } from '~/lib/messages';

/** 'Loading your orders...' (docs/product.md#orders), while a client navigation loads /orders or a new search. */
export function OrdersLoading() {
  return (
    <div className="orders-loading" role="status" aria-busy="true" data-testid="orders-loading">
      <span className="orders-loading__spinner" aria-hidden="true" />
      <p>{ACCOUNT_MESSAGES.loadingOrders}</p>
    </div>
  );
}
