import { useActionData, useFetcher } from '@remix-run/react';

import { formatEuro } from '@contract/money';

import type { EnteredGiftCard } from '~/lib/cart-codes';
import { useI18n } from '~/lib/i18n';

import { useLocalizedPath } from '../shop-link';

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
  const error = result?.giftCardError;
  return (
    <fetcher.Form method="post" action={localize('/cart')} className="discount-code gift-card-code" noValidate>
      <label htmlFor="gift-card-input" className="discount-code__title">
        {t('giftCard.title')}
      </label>
      <div className="discount-code__row">
        <input
          id="gift-card-input"
          name="gift_card_code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={result?.giftCardCode ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gift-card-error' : undefined}
        />
        <button type="submit" name="intent" value="apply-gift-card" className="button button--small" disabled={busy}>
          {t('giftCard.use')}
        </button>
      </div>
      {error ? (
        <p className="discount-code__error" role="alert" id="gift-card-error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
