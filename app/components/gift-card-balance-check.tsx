import { useActionData, useFetcher } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

import { useLocalizedPath } from './shop-link';

type BalanceAnswer = { balance: string | null; error: string | null; code: string } | { detail: string } | undefined;

/** A gift card's balance by its code (ADR 052): in place with JavaScript, the page again without. */
export function GiftCardBalanceCheck() {
  const fetcher = useFetcher<BalanceAnswer>({ key: 'gift-card-balance' });
  const actionData = useActionData<BalanceAnswer>();
  const answer = fetcher.data ?? actionData;
  const result = answer && 'code' in answer ? answer : null;
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <fetcher.Form method="post" action={localize('/gift-cards')} className="gift-card-balance" noValidate>
      <h2>{t('giftCards.checkTitle')}</h2>
      <input type="hidden" name="intent" value="check-balance" />
      <div className="field">
        <label htmlFor="gift-card-balance-code">{t('giftCards.code')}</label>
        <input
          id="gift-card-balance-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          defaultValue={result?.code ?? ''}
          aria-invalid={result?.error ? true : undefined}
          aria-describedby={result?.error ? 'gift-card-balance-error' : undefined}
        />
      </div>
      <button type="submit" className="button button--small" disabled={fetcher.state !== 'idle'}>
        {t('giftCards.check')}
      </button>
      <div role="status">{result?.balance ? <p>{result.balance}</p> : null}</div>
      {result?.error ? (
        <p className="field__error" role="alert" id="gift-card-balance-error">
          {result.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
