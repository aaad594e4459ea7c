import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useActionData, useFetcher } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { wishlistSchema } from '~/forms/wishlist';
import { MESSAGES } from '~/lib/messages';
import { SHOP_RULES } from '~/lib/shop-rules';

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
 * 'Be notified when available' with the email entry and Notify Me (spec §2, §4 Wishlist button).
 * A signed-in shopper posts their own email without a prompt. Once wishlisted: 'You'll be notified';
 * pressing it again says 'Already in your wishlist!' for 2 s.
 */
export function NotifyForm({
  target,
  userEmail,
  wishlisted,
  returnTo,
  heading = MESSAGES.beNotified,
}: {
  target: NotifyTarget;
  userEmail: string | null;
  wishlisted: boolean;
  returnTo: string;
  heading?: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<NotifyActionData>({ key: target.formKey });
  const actionData = useActionData<NotifyActionData>();
  const lastResult = fetcher.data?.formKey === target.formKey ? fetcher.data.result : actionData?.formKey === target.formKey ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: target.formKey,
    lastResult,
    constraint: getZodConstraint(wishlistSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: wishlistSchema }),
  });
  const [email, setEmail] = useState('');
  const [already, setAlready] = useState(false);
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    if (!already) return;
    const timer = window.setTimeout(() => setAlready(false), SHOP_RULES.alreadyWishlistedMs);
    return () => window.clearTimeout(timer);
  }, [already]);

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

  if (wishlisted) {
    return (
      <div className="notify notify--done" id={target.formKey}>
        {hydrated || userEmail ? (
          <fetcher.Form method="post" preventScrollReset onSubmit={hydrated ? (event) => (event.preventDefault(), setAlready(true)) : undefined}>
            {hidden}
            {userEmail ? <input type="hidden" name="email" value={userEmail} /> : null}
            <button type="submit" name="intent" value="notify" className="notify__done-button" aria-describedby={`${target.formKey}-already`}>
              {MESSAGES.youllBeNotified}
            </button>
          </fetcher.Form>
        ) : (
          <p className="notify__done">{MESSAGES.youllBeNotified}</p>
        )}
        <p className="notify__already" id={`${target.formKey}-already`} role="status" aria-live="polite">
          {already ? MESSAGES.alreadyInWishlist : ''}
        </p>
      </div>
    );
  }

  const emailError = fields.email.errors?.[0];
  const formError = form.errors?.[0];
  return (
    <fetcher.Form method="post" preventScrollReset className="notify" aria-labelledby={headingId} {...getFormProps(form)}>
      <p className="notify__heading" id={headingId}>
        {heading}
      </p>
      {hidden}
      {userEmail ? (
        <input type="hidden" name="email" value={userEmail} />
      ) : (
        <div className="notify__field">
          <label htmlFor={fields.email.id} className="visually-hidden">
            Email for {target.productName}
          </label>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            key={fields.email.key}
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
        {MESSAGES.notifyMe}
      </button>
      {emailError ? (
        <p className="notify__error" id={fields.email.errorId} role="alert">
          {emailError}
        </p>
      ) : null}
      {formError ? (
        <p className="notify__error" id={form.errorId} role="alert">
          {formError}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
