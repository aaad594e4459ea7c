import type { SubmissionResult } from '@conform-to/react';
import { Link, useActionData, useFetcher } from '@remix-run/react';

import { GUEST_ACCOUNT_INTENT } from '~/forms/guest-account-intent';
import { localizedPath, useI18n } from '~/lib/i18n';

import { useDeferredValidation } from '../use-deferred-validation';

export const GUEST_ACCOUNT_PANEL_ID = 'create-account';

type ActionData = { result?: SubmissionResult<string[]> };

/** The password rules (the action's schema) come when the guest reaches for the form, not with the page (ADR 012). */
const loadValidation = () => import('~/forms/guest-account-validation').then((module) => module.validateGuestAccount);

/**
 * A guest's one step to an account on /orders (ADR 048): their email as it is, a password checked as
 * registration checks it. A plain post without JavaScript, a fetcher with it; the action signs the
 * account in and comes back to /orders.
 */
export function GuestAccountPanel({ email }: { email: string }) {
  const fetcher = useFetcher<ActionData>();
  const actionData = useActionData<ActionData>();
  const lastResult = fetcher.data?.result ?? actionData?.result;
  const { errors, formProps } = useDeferredValidation({ load: loadValidation, lastResult, fetcher });
  const formError = errors['']?.[0];
  const passwordError = errors.password?.[0];
  const busy = fetcher.state !== 'idle';
  const { locale, t, fm } = useI18n();
  return (
    <section id={GUEST_ACCOUNT_PANEL_ID} className="profile-panel guest-account" aria-labelledby="guest-account-heading">
      <h2 id="guest-account-heading">{t('guest.heading')}</h2>
      <p>{t('guest.intro')}</p>
      <fetcher.Form
        method="post"
        action={localizedPath('/orders', locale)}
        id="guest-account-form"
        {...formProps}
        className="guest-account__form"
        aria-busy={busy}
      >
        {formError ? (
          <p className="notice notice--error" role="alert" id="guest-account-form-error">
            {fm(formError)}
          </p>
        ) : null}
        {/* The account's name for password managers; the action uses the signed-in guest's own email. */}
        <div className="field">
          <label htmlFor="guest-account-email">{t('guest.email')}</label>
          <input id="guest-account-email" type="email" value={email} readOnly autoComplete="username" />
        </div>
        <div className="field">
          <label htmlFor="guest-account-password">{t('guest.password')}</label>
          <input
            id="guest-account-password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby="guest-account-password-error"
          />
          <p id="guest-account-password-error" className="field__error" aria-live="polite">
            {passwordError ? fm(passwordError) : passwordError}
          </p>
        </div>
        <div className="field guest-account__marketing">
          <label>
            <input name="marketing" type="checkbox" aria-describedby="guest-account-marketing-hint" /> {t('guest.marketing')}
          </label>
          <p id="guest-account-marketing-hint" className="guest-account__hint">
            {t('guest.marketingHint')}
          </p>
        </div>
        <p className="guest-account__terms">
          {t('guest.termsBefore')} <Link to={localizedPath('/privacy-policy', locale)}>{t('guest.privacyPolicy')}</Link>{' '}
          {t('guest.termsAnd')} <Link to={localizedPath('/terms-and-conditions', locale)}>{t('guest.terms')}</Link>.
        </p>
        <button type="submit" name="intent" value={GUEST_ACCOUNT_INTENT} className="button" disabled={busy}>
          {busy ? t('guest.busy') : t('guest.submit')}
        </button>
      </fetcher.Form>
    </section>
  );
}
