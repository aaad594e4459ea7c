import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Link, useActionData, useFetcher } from '@remix-run/react';

import { GUEST_ACCOUNT_INTENT, guestAccountSchema } from '~/forms/auth';
import { GUEST_ACCOUNT_MESSAGES } from '~/lib/messages';

export const GUEST_ACCOUNT_PANEL_ID = 'create-account';

type ActionData = { result?: SubmissionResult<string[]> };

/**
 * A guest's one step to an account on /orders (ADR 048): their email as it is, a password checked as
 * registration checks it. A plain post without JavaScript, a fetcher with it; the action signs the
 * account in and comes back to /orders.
 */
export function GuestAccountPanel({ email }: { email: string }) {
  const fetcher = useFetcher<ActionData>();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useForm({
    id: 'guest-account-form',
    lastResult: fetcher.data?.result ?? actionData?.result,
    constraint: getZodConstraint(guestAccountSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guestAccountSchema }),
  });
  const busy = fetcher.state !== 'idle';
  const password = fields.password;
  return (
    <section id={GUEST_ACCOUNT_PANEL_ID} className="profile-panel guest-account" aria-labelledby="guest-account-heading">
      <h2 id="guest-account-heading">{GUEST_ACCOUNT_MESSAGES.heading}</h2>
      <p>{GUEST_ACCOUNT_MESSAGES.intro}</p>
      <fetcher.Form method="post" action="/orders" {...getFormProps(form)} className="guest-account__form" aria-busy={busy}>
        {form.errors?.length ? (
          <p className="notice notice--error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        {/* The account's name for password managers; the action uses the signed-in guest's own email. */}
        <div className="field">
          <label htmlFor="guest-account-email">Email</label>
          <input id="guest-account-email" type="email" value={email} readOnly autoComplete="username" />
        </div>
        <div className="field">
          <label htmlFor={password.id}>Password</label>
          <input {...getInputProps(password, { type: 'password' })} autoComplete="new-password" />
          <p id={password.errorId} className="field__error" aria-live="polite">
            {password.errors?.[0]}
          </p>
        </div>
        <p className="guest-account__terms">
          By creating an account you accept the <Link to="/privacy-policy">privacy policy</Link> and the{' '}
          <Link to="/terms-and-conditions">terms</Link>.
        </p>
        <button type="submit" name="intent" value={GUEST_ACCOUNT_INTENT} className="button" disabled={busy}>
          {busy ? GUEST_ACCOUNT_MESSAGES.busy : GUEST_ACCOUNT_MESSAGES.submit}
        </button>
      </fetcher.Form>
    </section>
  );
}
