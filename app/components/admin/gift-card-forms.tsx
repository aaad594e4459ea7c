import { Form } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

/** The owner's forms on /admin/gift-cards: issue a card, put gift cards on sale, set the bonus on returns taken as credit. */
export function GiftCardOwnerForms({ bonus, error }: { bonus: number; error: string | null }) {
  const { t } = useI18n();
  return (
    <>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        <h2>{t('adminCatalogue.giftCardForms.issue')}</h2>
        <input type="hidden" name="intent" value="issue" />
        <label htmlFor="gift-card-amount">{t('adminCatalogue.giftCardForms.amount')}</label>
        <input id="gift-card-amount" name="amount" inputMode="decimal" required />
        <label htmlFor="gift-card-expiry">{t('adminCatalogue.giftCardForms.expiry')}</label>
        <input id="gift-card-expiry" name="expires_on" type="date" />
        <label htmlFor="gift-card-recipient">{t('adminCatalogue.giftCardForms.recipient')}</label>
        <input id="gift-card-recipient" name="recipient_email" type="email" autoComplete="off" maxLength={254} />
        <button type="submit" className="button">
          {t('adminCatalogue.giftCardForms.issueButton')}
        </button>
      </Form>
      <Form method="post" className="admin-form" noValidate>
        <h2>{t('adminCatalogue.giftCardForms.sell')}</h2>
        <p>{t('adminCatalogue.giftCardForms.sellHint')}</p>
        <input type="hidden" name="intent" value="product" />
        <label htmlFor="gift-product-name">{t('adminCatalogue.common.name')}</label>
        <input id="gift-product-name" name="name" required maxLength={80} defaultValue="FILO Gift Card" />
        <label htmlFor="gift-product-amounts">{t('adminCatalogue.giftCardForms.amounts')}</label>
        <input id="gift-product-amounts" name="amounts" required defaultValue="25 50 100" />
        <button type="submit" className="button">
          {t('adminCatalogue.giftCardForms.putOnSale')}
        </button>
      </Form>
      <Form method="post" className="admin-form" noValidate>
        <h2>{t('adminCatalogue.giftCardForms.bonus')}</h2>
        <input type="hidden" name="intent" value="bonus" />
        <label htmlFor="credit-bonus">{t('adminCatalogue.giftCardForms.bonusField')}</label>
        <input id="credit-bonus" name="percent" type="number" min={0} max={25} defaultValue={bonus} required />
        <button type="submit" className="button">
          {t('adminCatalogue.giftCardForms.saveBonus')}
        </button>
      </Form>
    </>
  );
}
