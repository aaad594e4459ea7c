import { getInputProps } from '@conform-to/react';
import { Link } from '@remix-run/react';

import { useLocalizedPath } from '~/components/shop-link';
import { emailStepSchema, loginStepSchema, registerStepSchema, verifyStepSchema } from '~/forms/auth';
import { useI18n } from '~/lib/i18n';

import { CodeField, EmailLine, Field, FieldError, stripName } from '../fields';
import { ResendForm, StepForm } from '../step-form';
import { stepHref, type StepProps } from '../view';

/** Which email: the first step. */
export function EmailStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <StepForm view={view} intent="email" schema={emailStepSchema} submit={t('auth.continue')}>
      {(fields) => (
        <Field label={t('auth.email')} field={fields.email} type="email" autoComplete="email" defaultValue={view.email ?? undefined} />
      )}
    </StepForm>
  );
}

/** A new address: send a code to create an account, or (in the modal) to go on as a guest. */
export function VerifyOrGuestStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <StepForm view={view} intent="send-code-register" schema={null} submit={null}>
      {(_fields, busy) => (
        <>
          <EmailLine view={view} />
          <div className="auth-actions">
            <button type="submit" name="intent" value="send-code-register" className="button" disabled={busy}>
              {t('auth.verifyToCreate')}
            </button>
            {view.context === 'modal' ? (
              <button type="submit" name="intent" value="send-code-guest" className="button button--secondary" disabled={busy}>
                {t('auth.verifyAsGuest')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </StepForm>
  );
}

export function VerifyStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <>
      <StepForm view={view} intent="verify" schema={verifyStepSchema} submit={t('auth.verify')}>
        {(fields) => (
          <>
            <p className="auth-hint">{t('auth.codeSentTo', { email: view.email ?? '' })}</p>
            <CodeField label={t('auth.verificationCode')} field={fields.verificationCode} />
          </>
        )}
      </StepForm>
      <ResendForm view={view} intent="resend-code" />
    </>
  );
}

export function RegisterStep({ view }: StepProps) {
  const { t } = useI18n();
  const localize = useLocalizedPath();
  return (
    <StepForm view={view} intent="register" schema={registerStepSchema} submit={t('auth.createAccount')}>
      {(fields) => (
        <>
          <EmailLine view={view} />
          <Field label={t('auth.firstName')} field={fields.name} autoComplete="given-name" onInput={stripName} />
          <Field label={t('auth.lastName')} field={fields.surname} autoComplete="family-name" onInput={stripName} />
          <Field label={t('auth.password')} field={fields.password} type="password" autoComplete="new-password" />
          <Field label={t('auth.confirmPassword')} field={fields.confirmPassword} type="password" autoComplete="new-password" />
          <div className="auth-field auth-field--check">
            <label>
              <input {...getInputProps(fields.acceptedTerms, { type: 'checkbox' })} /> {t('auth.acceptBefore')}{' '}
              <Link to={localize('/privacy-policy')}>{t('auth.privacyPolicy')}</Link> {t('auth.acceptAnd')}{' '}
              <Link to={localize('/terms-and-conditions')}>{t('auth.terms')}</Link>
            </label>
            <FieldError id={fields.acceptedTerms.errorId} errors={fields.acceptedTerms.errors} />
          </div>
          <div className="auth-field auth-field--check">
            <label>
              <input {...getInputProps(fields.marketing, { type: 'checkbox' })} aria-describedby={`${fields.marketing.id}-hint`} />{' '}
              {t('auth.marketingOptIn')}
            </label>
            <p className="auth-field-hint" id={`${fields.marketing.id}-hint`}>
              {t('auth.marketingOptInHint')}
            </p>
          </div>
        </>
      )}
    </StepForm>
  );
}

export function LoginStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <StepForm view={view} intent="login" schema={loginStepSchema} submit={t('auth.logInButton')}>
      {(fields) => (
        <>
          <EmailLine view={view} />
          <Field label={t('auth.password')} field={fields.password} type="password" autoComplete="current-password" />
          <p className="auth-links">
            <Link to={stepHref(view.returnTo, 'forgot-password')} replace>
              {t('auth.forgotPassword')}
            </Link>
          </p>
        </>
      )}
    </StepForm>
  );
}
