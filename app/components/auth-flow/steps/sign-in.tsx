import { getInputProps } from '@conform-to/react';
import { Link } from '@remix-run/react';

import { emailStepSchema, loginStepSchema, registerStepSchema, verifyStepSchema } from '~/forms/auth';

import { CodeField, EmailLine, Field, FieldError, stripName } from '../fields';
import { ResendForm, StepForm } from '../step-form';
import { stepHref, type StepProps } from '../view';

/** Which email: the first step. */
export function EmailStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="email" schema={emailStepSchema} submit="Continue">
      {(fields) => <Field label="Email" field={fields.email} type="email" autoComplete="email" defaultValue={view.email ?? undefined} />}
    </StepForm>
  );
}

/** A new address: send a code to create an account, or (in the modal) to go on as a guest. */
export function VerifyOrGuestStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="send-code-register" schema={null} submit={null}>
      {(_fields, busy) => (
        <>
          <EmailLine view={view} />
          <div className="auth-actions">
            <button type="submit" name="intent" value="send-code-register" className="button" disabled={busy}>
              Verify Email to Create Account
            </button>
            {view.context === 'modal' ? (
              <button type="submit" name="intent" value="send-code-guest" className="button button--secondary" disabled={busy}>
                Verify Email to Continue as Guest
              </button>
            ) : null}
          </div>
        </>
      )}
    </StepForm>
  );
}

export function VerifyStep({ view }: StepProps) {
  return (
    <>
      <StepForm view={view} intent="verify" schema={verifyStepSchema} submit="Verify">
        {(fields) => (
          <>
            <p className="auth-hint">We sent a 6-digit code to {view.email}.</p>
            <CodeField label="Verification code" field={fields.verificationCode} />
          </>
        )}
      </StepForm>
      <ResendForm view={view} intent="resend-code" />
    </>
  );
}

export function RegisterStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="register" schema={registerStepSchema} submit="Create Account">
      {(fields) => (
        <>
          <EmailLine view={view} />
          <Field label="First name" field={fields.name} autoComplete="given-name" onInput={stripName} />
          <Field label="Last name" field={fields.surname} autoComplete="family-name" onInput={stripName} />
          <Field label="Password" field={fields.password} type="password" autoComplete="new-password" />
          <Field label="Confirm password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
          <div className="auth-field auth-field--check">
            <label>
              <input {...getInputProps(fields.acceptedTerms, { type: 'checkbox' })} /> I accept the{' '}
              <Link to="/privacy-policy">privacy policy</Link> and the <Link to="/terms-and-conditions">terms</Link>
            </label>
            <FieldError id={fields.acceptedTerms.errorId} errors={fields.acceptedTerms.errors} />
          </div>
        </>
      )}
    </StepForm>
  );
}

export function LoginStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="login" schema={loginStepSchema} submit="Log In">
      {(fields) => (
        <>
          <EmailLine view={view} />
          <Field label="Password" field={fields.password} type="password" autoComplete="current-password" />
          <p className="auth-links">
            <Link to={stepHref(view.returnTo, 'forgot-password')} replace>
              Forgot password?
            </Link>
          </p>
        </>
      )}
    </StepForm>
  );
}
