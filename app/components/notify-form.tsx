import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { EMAIL_MAX_LENGTH, SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';

import { useDeferredValidation } from './use-deferred-validation';

/** The wishlist schema and its parser come when a shopper reaches for the form, not with the page. */
const loadValidation = () => import('~/forms/wishlist-validation').then((module) => module.validateWishlist);

/** What the shopper typed, kept in the field after a refused post (as Conform's `initialValue` does). */
function submittedEmail(result: SubmissionResult<string[]> | undefined): string | undefined {
  const value = result?.initialValue?.email;
  return typeof value === 'string' ? value : undefined;
}

export interface NotifyTarget {
  /** Unique on the page; also the element id the redirect scrolls back to. */
  formKey: string;
  productId: string;
  variantId: string | null;
  productName: string;
}

/** What a failed Notify Me post answers (400/502); a success redirects instead. */
export interface NotifyActionData {
  formKey: string;
  result: SubmissionResult<string[]>;
}

/**
 * 'Be notified when available' with the email entry and Notify Me (docs/product.md#wishlist).
 * A signed-in shopper posts their own email without a prompt. Once wishlisted: 'You'll be notified';
 * pressing it again says 'Already in your wishlist!' for 2 s.
 */
export function NotifyForm({
  target,
  userEmail,
  wishlisted,
  returnTo,
  heading,
}: {
  target: NotifyTarget;
  userEmail: string | null;
  wishlisted: boolean;
  returnTo: string;
  heading?: string;
}) {
  const hydrated = useHydrated();
  const { t, fm } = useI18n();
  const fetcher = useFetcher<NotifyActionData>({ key: target.formKey });
  const actionData = useActionData<NotifyActionData>();
  const lastResult =
    fetcher.data?.formKey === target.formKey ? fetcher.data.result : actionData?.formKey === target.formKey ? actionData.result : undefined;
  const { errors, formProps } = useDeferredValidation({ load: loadValidation, lastResult, fetcher });
  const [email, setEmail] = useState('');
  const busy = fetcher.state !== 'idle';

  const headingId = `${target.formKey}-heading`;
  const hidden = (
    <>
      <input type="hidden" name="formKey" value={target.formKey} />
      <input type="hidden" name="productId" value={target.productId} />
      {target.variantId ? <input type="hidden" name="variantId" value={target.variantId} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <HoneypotInputs />
    </>
  );

  if (wishlisted) return <NotifyDone target={target} userEmail={userEmail} hiddenFields={hidden} />;

  const emailId = `${target.formKey}-email`;
  const emailError = errors.email?.[0];
  const formError = errors['']?.[0];
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      className="notify"
      id={target.formKey}
      aria-labelledby={headingId}
      aria-describedby={formError ? `${target.formKey}-error` : undefined}
      {...formProps}
    >
      <p className="notify__heading" id={headingId}>
        {heading ?? t('notify.beNotified')}
      </p>
      {hidden}
      {userEmail ? (
        <input type="hidden" name="email" value={userEmail} />
      ) : (
        <div className="notify__field">
          <label htmlFor={emailId} className="visually-hidden">
            {t('notify.emailFor', { name: target.productName })}
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : undefined}
            defaultValue={submittedEmail(lastResult)}
            placeholder="you@example.com"
            autoComplete="email"
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </div>
      )}
      <button
        type="submit"
        name="intent"
        value="notify"
        className="button notify__button"
        disabled={hydrated && (busy || (!userEmail && email.trim() === ''))}
      >
        {t('notify.notifyMe')}
      </button>
      {emailError ? (
        <p className="notify__error" id={`${emailId}-error`} role="alert">
          {fm(emailError)}
        </p>
      ) : null}
      {formError ? (
        <p className="notify__error" id={`${target.formKey}-error`} role="alert">
          {fm(formError)}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** Once wishlisted: 'You'll be notified'; pressing it again says 'Already in your wishlist!' for 2 s. */
function NotifyDone({
  target,
  userEmail,
  hiddenFields,
}: {
  target: NotifyTarget;
  userEmail: string | null;
  hiddenFields: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const fetcher = useFetcher<NotifyActionData>({ key: target.formKey });
  const [already, setAlready] = useState(false);
  useEffect(() => {
    if (!already) return;
    const timer = window.setTimeout(() => setAlready(false), SHOP_RULES.alreadyWishlistedMs);
    return () => window.clearTimeout(timer);
  }, [already]);
  return (
    <div className="notify notify--done" id={target.formKey}>
      {hydrated || userEmail ? (
        <fetcher.Form
          method="post"
          preventScrollReset
          onSubmit={hydrated ? (event) => (event.preventDefault(), setAlready(true)) : undefined}
        >
          {hiddenFields}
          {userEmail ? <input type="hidden" name="email" value={userEmail} /> : null}
          <button type="submit" name="intent" value="notify" className="notify__done-button" aria-describedby={`${target.formKey}-already`}>
            {t('notify.youllBeNotified')}
          </button>
        </fetcher.Form>
      ) : (
        <p className="notify__done">{t('notify.youllBeNotified')}</p>
      )}
      <p className="notify__already" id={`${target.formKey}-already`} role="status" aria-live="polite">
        {already ? t('notify.alreadyInWishlist') : ''}
      </p>
    </div>
  );
}
