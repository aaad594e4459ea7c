import { Link } from '@remix-run/react';

import { forgotPasswordStepSchema, newPasswordStepSchema, resetCodeStepSchema } from '~/forms/auth';
import { useI18n } from '~/lib/i18n';

import { CodeField, Field } from '../fields';
import { ResendForm, StepForm } from '../step-form';
import { stepHref, type StepProps } from '../view';

export function ForgotPasswordStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <StepForm view={view} intent="forgot-password" schema={forgotPasswordStepSchema} submit={t('auth.sendResetCode')}>
      {(fields) => (
        <>
          <Field label={t('auth.email')} field={fields.email} type="email" autoComplete="email" defaultValue={view.email ?? undefined} />
          <p className="auth-links">
            <Link to={stepHref(view.returnTo, 'login')} replace>
              {t('auth.backToLogin')}
            </Link>
          </p>
        </>
      )}
    </StepForm>
  );
}

export function ResetCodeStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <>
      <StepForm view={view} intent="reset-code" schema={resetCodeStepSchema} submit={t('auth.verifyCode')}>
        {(fields) => (
          <>
            <p className="auth-hint">{t('auth.resetCodeSentTo', { email: view.email ?? '' })}</p>
            <CodeField label={t('auth.resetCode')} field={fields.resetCode} />
          </>
        )}
      </StepForm>
      <ResendForm view={view} intent="resend-reset" />
    </>
  );
}

export function NewPasswordStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <StepForm view={view} intent="new-password" schema={newPasswordStepSchema} submit={t('auth.resetPassword')}>
      {(fields) => (
        <>
          <Field label={t('auth.newPassword')} field={fields.newPassword} type="password" autoComplete="new-password" />
          <Field label={t('auth.confirmNewPassword')} field={fields.confirmNewPassword} type="password" autoComplete="new-password" />
        </>
      )}
    </StepForm>
  );
}
