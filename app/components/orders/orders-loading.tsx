import { useI18n } from '~/lib/i18n';

/** 'Loading your orders...' (docs/product.md#orders), while a client navigation loads /orders or a new search. */
export function OrdersLoading() {
  const { t } = useI18n();
  return (
    <div className="orders-loading" role="status" aria-busy="true" data-testid="orders-loading">
      <span className="orders-loading__spinner" aria-hidden="true" />
      <p>{t('loading.orders')}</p>
    </div>
  );
}
