import { useNavigation } from '@remix-run/react';

import { MESSAGES } from '~/lib/messages';

/** 'Loading product...' while a client-side navigation to a product page waits for its data. */
export function ProductLoading() {
  const navigation = useNavigation();
  const target = navigation.state === 'loading' && !navigation.formMethod ? navigation.location.pathname : null;
  if (!target?.startsWith('/product/')) return null;
  return (
    <div className="product-loading" role="status" aria-live="polite">
      <span className="product-loading__spinner" aria-hidden="true" />
      {MESSAGES.loadingProduct}
    </div>
  );
}
