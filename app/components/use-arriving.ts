import { useLocation, useNavigation } from '@remix-run/react';

/** True while a client navigation (not a form post) brings the shopper to `pathname` from another page. */
export function useArrivingAt(pathname: string): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && !navigation.formMethod && navigation.location.pathname === pathname && location.pathname !== pathname;
}
