import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Link, useFetcher } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import type { ZodTypeAny } from 'zod';
import {
  emailStepSchema,
  forgotPasswordStepSchema,
  loginStepSchema,
  newPasswordStepSchema,
  registerStepSchema,
  resetCodeStepSchema,
  stepProgress,
  stripNameCharacters,
  verifyStepSchema,
  type AuthContext,
  type AuthStep,
} from '~/forms/auth';
import { AUTH_MESSAGES } from '~/lib/messages';
import { Countdown, useCooldown } from './countdown';

/** What the flow needs to draw a step; made by loadAuthView in the loader of the page that shows it. */
export interface AuthFlowView {
  step: AuthStep;
  context: AuthContext;
  email: string | null;
  intent: 'register' | 'guest' | null;
  returnTo: string;
  lastResult: SubmissionResult<string[]> | null;
  notice: string | null;
  /** Seconds until a code may be sent again. */
  resendIn: number;
  /** The success step: where it goes, and after how many seconds. */
  successTo: string | null;
  countdown: number;
}

const HEADINGS: Record<AuthStep, string> = {
  email: 'Sign in or create an account',
  'verify-or-guest': 'Verify your email',
  verify: 'Enter your code',
  register: 'Create your account',
  login: 'Welcome back',
  'forgot-password': 'Reset your password',
  'reset-code': 'Enter your reset code',
  'new-password': 'Choose a new password',
  'reset-success': 'Password reset successful',
  success: 'You are signed in',
};

/** `?auth=<step>` on the page that shows the flow. */
function stepHref(returnTo: string, step: AuthStep): string {
  const url = new URL(returnTo, 'http://local');
  url.searchParams.set('auth', step);
  return `${url.pathname}${url.search}`;
}

export function AuthFlow({ view, headingLevel = 1 }: { view: AuthFlowView; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const progress = stepProgress(view.step);
  return (
    <section className="auth-flow" aria-labelledby="auth-heading">
      <ol className="auth-progress" aria-label={`Step ${progress} of 3`}>
        {[1, 2, 3].map((dot) => (
          <li key={dot} className={dot <= progress ? 'is-done' : undefined} aria-current={dot === progress ? 'step' : undefined} />
        ))}
      </ol>
      <Heading id="auth-heading" className="auth-heading">
        {HEADINGS[view.step]}
      </Heading>
      {view.notice ? (
        <p className="auth-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <StepBody key={view.step} view={view} />
    </section>
  );
}

function StepBody({ view }: { view: AuthFlowView }) {
  switch (view.step) {
    case 'email':
      return (
        <StepForm view={view} intent="email" schema={emailStepSchema} submit="Continue">
          {(fields) => <Field label="Email" field={fields.email} type="email" autoComplete="email" defaultValue={view.email ?? undefined} />}
        </StepForm>
      );
    case 'verify-or-guest':
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
    case 'verify':
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
    case 'register':
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
    case 'login':
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
    case 'forgot-password':
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
    case 'reset-code':
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
    case 'new-password':
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
    case 'reset-success':
      return (
        <div className="auth-done">
          <p>Your password has been changed. You can now log in with your new password.</p>
          <Countdown seconds={view.countdown} to={view.successTo ?? stepHref(view.returnTo, 'login')} render={(left) => `Returning to login in ${left}s`} />
          <Link to={view.successTo ?? stepHref(view.returnTo, 'login')} className="button" replace>
            Go to login now
          </Link>
        </div>
      );
    case 'success':
      return (
        <div className="auth-done">
          <p>{view.context === 'modal' ? 'Taking you back...' : AUTH_MESSAGES.bringingYouToAccount}</p>
          <Countdown seconds={view.countdown} to={view.successTo ?? '/profile'} render={(left) => `Redirecting in ${left}s`} />
          <Link to={view.successTo ?? '/profile'} className="button" replace>
            Redirect now
          </Link>
        </div>
      );
  }
}

function stripName(event: React.FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const cleaned = stripNameCharacters(input.value);
  if (cleaned !== input.value) input.value = cleaned;
}

type FieldMeta = ReturnType<typeof useForm<Record<string, unknown>>>[1][string];

/** A step's form: posts to /auth with the step's intent; Conform checks it in the browser first. */
function StepForm({
  view,
  intent,
  schema,
  submit,
  children,
}: {
  view: AuthFlowView;
  intent: string;
  schema: ZodTypeAny | null;
  submit: string | null;
  children: (fields: Record<string, FieldMeta>, busy: boolean) => React.ReactNode;
}) {
  const fetcher = useFetcher();
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `auth-${view.step}`,
    lastResult: view.lastResult,
    constraint: schema ? getZodConstraint(schema) : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: schema ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
  });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action="/auth" {...getFormProps(form)} className="auth-form" aria-busy={busy}>
      <HoneypotInputs />
      <input type="hidden" name="returnTo" value={view.returnTo} />
      <input type="hidden" name="context" value={view.context} />
      {form.errors?.length ? (
        <div className="auth-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </div>
      ) : null}
      {children(fields as Record<string, FieldMeta>, busy)}
      {submit ? (
        <button type="submit" name="intent" value={intent} className="button auth-submit" disabled={busy}>
          {submit}
        </button>
      ) : null}
    </fetcher.Form>
  );
}

function ResendForm({ view, intent }: { view: AuthFlowView; intent: 'resend-code' | 'resend-reset' }) {
  const fetcher = useFetcher();
  const left = useCooldown(view.resendIn);
  return (
    <fetcher.Form method="post" action="/auth" className="auth-resend">
      <HoneypotInputs />
      <input type="hidden" name="returnTo" value={view.returnTo} />
      <input type="hidden" name="context" value={view.context} />
      <button type="submit" name="intent" value={intent} className="link-button" disabled={left > 0 || fetcher.state !== 'idle'}>
        {left > 0 ? AUTH_MESSAGES.resendIn(left) : 'Resend code'}
      </button>
    </fetcher.Form>
  );
}

function EmailLine({ view }: { view: AuthFlowView }) {
  return (
    <p className="auth-email">
      <span>{view.email}</span>{' '}
      <Link to={stepHref(view.returnTo, 'email')} replace>
        Change
      </Link>
    </p>
  );
}

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return errors?.length ? (
    <p className="auth-field-error" id={id}>
      {errors[0]}
    </p>
  ) : null;
}

function Field({
  label,
  field,
  type = 'text',
  autoComplete,
  defaultValue,
  onInput,
}: {
  label: string;
  field: FieldMeta;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  onInput?: (event: React.FormEvent<HTMLInputElement>) => void;
}) {
  const props = getInputProps(field, { type });
  return (
    <div className="auth-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} defaultValue={props.defaultValue ?? defaultValue} autoComplete={autoComplete} onInput={onInput} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function CodeField({ label, field }: { label: string; field: FieldMeta }) {
  const props = getInputProps(field, { type: 'text' });
  return (
    <div className="auth-field">
      <label htmlFor={field.id}>{label}</label>
      <input {...props} inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="auth-code" />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
