import { useNavigation } from '@remix-run/react';

import { pathWithoutLocale, useI18n } from '~/lib/i18n';

/** 'Loading product...' while a client-side navigation to a product page waits for its data. */
export function ProductLoading() {
  const navigation = useNavigation();
  const { t } = useI18n();
  const target = navigation.state === 'loading' && !navigation.formMethod ? pathWithoutLocale(navigation.location.pathname) : null;
  if (!target?.startsWith('/product/')) return null;
  return (
    <div className="product-loading" role="status" aria-live="polite">
      <span className="product-loading__spinner" aria-hidden="true" />
      {t('product.loading')}
    </div>
  );
}
