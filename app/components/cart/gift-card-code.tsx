import { useActionData, useFetcher } from '@remix-run/react';

import { formatEuro } from '@contract/money';

import type { EnteredGiftCard } from '~/lib/cart-codes';
import { useI18n } from '~/lib/i18n';

import { useLocalizedPath } from '../shop-link';
import { CodeEntryForm } from './code-entry-form';

type GiftCardActionData = { giftCardError?: string; giftCardCode?: string } | undefined;

/**
 * The "Gift card" field (ADR 052): the code is checked and its balance shown; checkout claims it again.
 * Without JavaScript it posts to /cart and the page comes back; with it, the same post runs in place.
 */
export function GiftCardCode({ giftCard }: { giftCard: EnteredGiftCard | null }) {
  const fetcher = useFetcher<GiftCardActionData>({ key: 'gift-card-code' });
  const actionData = useActionData<GiftCardActionData>();
  const result = fetcher.data ?? actionData;
  const busy = fetcher.state !== 'idle';
  const { locale, t } = useI18n();
  const localize = useLocalizedPath();
  if (giftCard) {
    return (
      <section className="discount-code gift-card-code" aria-labelledby="gift-card-title">
        <h3 id="gift-card-title" className="discount-code__title">
          {t('giftCard.title')}
        </h3>
        {giftCard.error === null ? (
          <p className="discount-code__applied">
            {t('giftCard.balance', { last4: giftCard.last4, balance: formatEuro(giftCard.balance, locale) })}
          </p>
        ) : (
          <p className="discount-code__error" role="alert">
            {giftCard.error}
          </p>
        )}
        <fetcher.Form method="post" action={localize('/cart')}>
          <button type="submit" name="intent" value="remove-gift-card" className="button button--ghost button--small" disabled={busy}>
            {t('giftCard.remove')}
          </button>
        </fetcher.Form>
      </section>
    );
  }
  return (
    <CodeEntryForm
      fetcher={fetcher}
      action={localize('/cart')}
      className="discount-code gift-card-code"
      inputId="gift-card-input"
      name="gift_card_code"
      intent="apply-gift-card"
      title={t('giftCard.title')}
      button={t('giftCard.use')}
      value={result?.giftCardCode ?? ''}
      error={result?.giftCardError}
      busy={busy}
    />
  );
}
