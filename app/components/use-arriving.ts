import { useLocation, useNavigation } from '@remix-run/react';

import { pathWithoutLocale } from '~/lib/i18n';

/** True while a client navigation (not a form post) brings the shopper to `pathname` from another page. */
export function useArrivingAt(pathname: string): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  // The same page in either language (ADR 046): /it/cart arrives at /cart.
  const arriving = navigation.state === 'loading' ? pathWithoutLocale(navigation.location.pathname) : null;
  return arriving !== null && !navigation.formMethod && arriving === pathname && pathWithoutLocale(location.pathname) !== pathname;
}
