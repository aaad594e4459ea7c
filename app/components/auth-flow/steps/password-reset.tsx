import { Link } from '@remix-run/react';

import { forgotPasswordStepSchema, newPasswordStepSchema, resetCodeStepSchema } from '~/forms/auth';

import { CodeField, Field } from '../fields';
import { ResendForm, StepForm } from '../step-form';
import { stepHref, type StepProps } from '../view';

export function ForgotPasswordStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="forgot-password" schema={forgotPasswordStepSchema} submit="Send Reset Code">
      {(fields) => (
        <>
          <Field label="Email" field={fields.email} type="email" autoComplete="email" defaultValue={view.email ?? undefined} />
          <p className="auth-links">
            <Link to={stepHref(view.returnTo, 'login')} replace>
              Back to login
            </Link>
          </p>
        </>
      )}
    </StepForm>
  );
}

export function ResetCodeStep({ view }: StepProps) {
  return (
    <>
      <StepForm view={view} intent="reset-code" schema={resetCodeStepSchema} submit="Verify Code">
        {(fields) => (
          <>
            <p className="auth-hint">If an account exists for {view.email}, we sent it a 6-digit reset code.</p>
            <CodeField label="Reset code" field={fields.resetCode} />
          </>
        )}
      </StepForm>
      <ResendForm view={view} intent="resend-reset" />
    </>
  );
}

export function NewPasswordStep({ view }: StepProps) {
  return (
    <StepForm view={view} intent="new-password" schema={newPasswordStepSchema} submit="Reset Password">
      {(fields) => (
        <>
          <Field label="New password" field={fields.newPassword} type="password" autoComplete="new-password" />
          <Field label="Confirm new password" field={fields.confirmNewPassword} type="password" autoComplete="new-password" />
        </>
      )}
    </StepForm>
  );
}
