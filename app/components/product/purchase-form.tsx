import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useRef } from 'react';

import { useI18n } from '~/lib/i18n';

import { CheckoutTerms } from '../checkout-terms';
import { useDeferredValidation } from '../use-deferred-validation';

export const PURCHASE_FORM = 'purchase';
/** Where a browser without JavaScript carries on a Quick Purchase after the sign-in modal. */
/** Where a quick purchase resumed after signing in goes without JavaScript (the product page's head refreshes there). */
export const QUICK_PURCHASE_RESUME_PATH = '/checkout/quick';
/** The element that says why a press was refused (the id Conform gave it). */
const ERROR_ID = `${PURCHASE_FORM}-variantId-error`;

/** The purchase schema and its parser come when a shopper reaches for the buttons, not with the page (ADR 012). */
const loadValidation = () => import('~/forms/purchase-validation').then((module) => module.validatePurchase);

export interface PurchaseActionData {
  formKey: typeof PURCHASE_FORM;
  result: SubmissionResult<string[]>;
}

/**
 * Add to Cart and Quick Purchase, posted to the product route's action with the selected variant.
 * The action checks that a variant is selected; Add to Cart adds it and comes back with a flash;
 * Quick Purchase goes to the payment page, through the sign-in modal for a visitor. Back from the
 * modal (`resumeVariantId`) the purchase goes on by itself, with its status texts.
 */
export function PurchaseForm({
  variantId,
  disabled,
  signedIn,
  resumeVariantId,
}: {
  variantId: string | null;
  disabled: boolean;
  signedIn: boolean;
  resumeVariantId: string | null;
}) {
  const fetcher = useFetcher<PurchaseActionData>({ key: PURCHASE_FORM });
  const { t, fm } = useI18n();
  const actionData = useActionData<PurchaseActionData>();
  const lastResult =
    fetcher.data?.formKey === PURCHASE_FORM ? fetcher.data.result : actionData?.formKey === PURCHASE_FORM ? actionData.result : undefined;
  const { errors, formProps } = useDeferredValidation({ load: loadValidation, lastResult, fetcher });

  const resumed = useRef(false);
  useEffect(() => {
    if (!resumeVariantId || resumed.current) return;
    resumed.current = true;
    fetcher.submit({ intent: 'quick-purchase', variantId: resumeVariantId }, { method: 'post' });
  }, [resumeVariantId, fetcher]);

  const error = errors.variantId?.[0] ?? errors['']?.[0];
  const busy = fetcher.state !== 'idle';
  // A visitor's press only opens the sign-in modal: no status until they are signed in.
  const buying = fetcher.formData?.get('intent') === 'quick-purchase' && signedIn;
  const status =
    buying && fetcher.state === 'submitting'
      ? t('product.quickCreating')
      : buying && fetcher.state === 'loading'
        ? t('product.quickRedirecting')
        : resumeVariantId && !fetcher.data
          ? t('product.quickResuming')
          : null;
  return (
    <fetcher.Form method="post" className="purchase" id={PURCHASE_FORM} {...formProps}>
      {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <div className="purchase__buttons">
        <button
          type="submit"
          name="intent"
          value="add-to-cart"
          className="button"
          disabled={disabled || busy}
          aria-describedby={error ? ERROR_ID : undefined}
        >
          {t('product.addToCart')}
        </button>
        <button type="submit" name="intent" value="quick-purchase" className="button button--accent" disabled={disabled || busy}>
          {t('product.quickPurchase')}
        </button>
      </div>
      <CheckoutTerms />
      <p className="purchase__status" role="status" aria-live="polite" data-testid="quick-purchase-status">
        {status}
      </p>
      {error ? (
        <p className="purchase__error" id={ERROR_ID} role="alert">
          {fm(error)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
