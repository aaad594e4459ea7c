import { formatEuro } from '@contract/money';

import { useI18n } from '~/lib/i18n';

/**
 * The shopper's store credit (issue 40, ADR 052): what a return refunded as credit, or the owner,
 * put on the account, spent at checkout like a gift card. Null when the API could not read it.
 */
export function YourStoreCredit({ balance }: { balance: number | null }) {
  const { locale, t } = useI18n();
  return (
    <section className="profile-panel your-store-credit" aria-labelledby="store-credit-heading">
      <h2 id="store-credit-heading">{t('credit.heading')}</h2>
      {balance === null ? (
        <p className="notice">{t('credit.unavailable')}</p>
      ) : (
        <>
          <p className="your-store-credit__balance" data-testid="store-credit-balance">
            {t('credit.balance', { amount: formatEuro(balance, locale) })}
          </p>
          <p className="your-store-credit__hint">{balance > 0 ? t('credit.spendHint') : t('credit.emptyHint')}</p>
        </>
      )}
    </section>
  );
}
