import { Link } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

import { useLocalizedPath } from './shop-link';

/**
 * Beside every checkout button: pressing it accepts the terms and the privacy policy, which the API
 * records with their version for a guest as for an account (issue 39).
 */
export function CheckoutTerms() {
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <p className="checkout-terms">
      {t('checkoutTerms.before')} <Link to={localize('/terms-and-conditions')}>{t('checkoutTerms.terms')}</Link> {t('checkoutTerms.and')}{' '}
      <Link to={localize('/privacy-policy')}>{t('checkoutTerms.privacy')}</Link>
      {t('checkoutTerms.end')}
    </p>
  );
}
