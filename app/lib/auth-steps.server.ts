import type { Submission, SubmissionResult } from '@conform-to/react';
import { z } from 'zod';

import { checkEmailAnswerSchema } from '@contract/api/auth';
import type { ErrorCode } from '@contract/errors';

import {
  type AuthContext,
  type AuthStep,
  emailStepSchema,
  forgotPasswordStepSchema,
  loginStepSchema,
  newPasswordStepSchema,
  registerStepSchema,
  resetCodeStepSchema,
  verifyStepSchema,
} from '~/forms/auth';

import { type ApiClient, ApiRequestError, hasErrorCode } from './api.server';
import { waitText } from './api-errors.server';
import type { Locale, MessageKey, Translate } from './i18n';
import type { AuthFlowState } from './session.server';

/** Answers read only for success or failure; sign-in answers are parsed where the session is made. */
export const anyAnswer = z.unknown();

/** What every step handler of the sign-in flow gets from the post it answers. */
export interface StepContext {
  formData: FormData;
  flow: AuthFlowState;
  context: AuthContext;
  intent: string;
  api: ApiClient;
  /** The language of the page that shows the flow, and its messages. */
  locale: Locale;
  t: Translate;
  /** Saves the flow and redirects to `step` (with a one-time notice). */
  go(step: AuthStep, next?: AuthFlowState, options?: { notice?: string }): Promise<Response>;
  /** Redirects back to `step` with the refused submission's errors. */
  fail(step: AuthStep, lastResult: SubmissionResult<string[]>): Promise<Response>;
  parse<S extends z.ZodTypeAny>(schema: S): Submission<z.input<S>, string[], z.output<S>>;
  /** Signs the shopper in with the API's answer and goes to the success step. */
  finishSignIn(answer: unknown): Promise<Response>;
  /** Back to the first step: the flow has no email yet. */
  needEmail(): Promise<Response>;
}

/** How long after a code is sent another may be asked for (the API's cooldown). */
export const RESEND_COOLDOWN_MS = 60_000;

/** The spec's message for the API's refusal `error`, by its code; `fallback` for any other failure. */
function messageFor(t: Translate, error: unknown, messages: Partial<Record<ErrorCode, MessageKey>>, fallback: MessageKey): string {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  const key = code && messages[code];
  return t(key || fallback);
}

const RESET_CODE_MESSAGES: Partial<Record<ErrorCode, MessageKey>> = {
  code_expired: 'auth.resetCodeExpired',
  code_invalid: 'auth.resetCodeInvalid',
};

/** A request made too soon says how long to wait ("Please wait 42 seconds ..."), in the page's language. */
function waitOr(error: unknown, locale: Locale, fallback: string): string {
  return hasErrorCode(error, 'code_too_soon') ? waitText(error, locale) : fallback;
}

async function emailStep({ flow, api, go, fail, parse, t }: StepContext): Promise<Response> {
  const submission = parse(emailStepSchema);
  if (submission.status !== 'success') return fail('email', submission.reply());
  const { email } = submission.value;
  try {
    const answer = await api.request('POST', 'auth/check-email', checkEmailAnswerSchema, { body: { email } });
    const next = { ...flow, email, resetCode: undefined };
    return go(answer.exists && answer.has_password ? 'login' : 'verify-or-guest', next);
  } catch {
    return fail('email', submission.reply({ formErrors: [t('auth.unableToCheckEmail')] }));
  }
}

async function sendCodeStep({ flow, context, intent, api, go, fail, parse, needEmail, t, locale }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const guest = intent === 'send-code-guest' && context === 'modal';
  try {
    await api.request('POST', 'auth/register', anyAnswer, { body: { email: flow.email, guest_checkout: guest } });
    return go('verify', { ...flow, intent: guest ? 'guest' : 'register', codeSentAt: Date.now() });
  } catch (error) {
    // A code went to this address moments ago (a second press, or an answer lost on its way back): the
    // shopper types that one, told when they may ask for another, rather than being stuck on this step.
    if (error instanceof ApiRequestError && hasErrorCode(error, 'code_too_soon')) {
      const sentAt = Date.now() - Math.max(0, RESEND_COOLDOWN_MS - (error.retryAfter ?? 0) * 1000);
      return go('verify', { ...flow, intent: guest ? 'guest' : 'register', codeSentAt: sentAt }, { notice: waitText(error, locale) });
    }
    const text = hasErrorCode(error, 'already_exists') ? t('auth.accountExists') : t('auth.sendCodeFailed');
    return fail('verify-or-guest', parse(emailStepSchema).reply({ formErrors: [text] }));
  }
}

async function resendCodeStep({ flow, api, go, fail, parse, needEmail, t, locale }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  try {
    await api.request('POST', 'auth/resend-verification', anyAnswer, { body: { email: flow.email } });
    return go('verify', { ...flow, codeSentAt: Date.now() }, { notice: t('auth.codeSent') });
  } catch (error) {
    return fail('verify', parse(verifyStepSchema).reply({ formErrors: [waitOr(error, locale, t('auth.resendCodeFailed'))] }));
  }
}

async function verifyStep({ flow, api, go, fail, parse, finishSignIn, needEmail, t }: StepContext): Promise<Response> {
  if (!flow.email || !flow.intent) return needEmail();
  const submission = parse(verifyStepSchema);
  if (submission.status !== 'success') return fail('verify', submission.reply());
  const code = submission.value.verificationCode;
  try {
    if (flow.intent === 'guest') {
      return await finishSignIn(await api.request('POST', 'auth/verify-guest', anyAnswer, { body: { email: flow.email, code } }));
    }
    await api.request('POST', 'auth/verify-email', anyAnswer, { body: { email: flow.email, code } });
    return go('register', flow);
  } catch (error) {
    const text = messageFor(
      t,
      error,
      { code_expired: 'auth.codeExpired', code_invalid: 'auth.codeInvalid', already_exists: 'auth.accountExists' },
      'auth.verificationFailed',
    );
    return fail('verify', submission.reply({ fieldErrors: { verificationCode: [text] } }));
  }
}

async function registerStep({ flow, api, fail, parse, finishSignIn, needEmail, t }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(registerStepSchema);
  if (submission.status !== 'success') return fail('register', submission.reply({ hideFields: ['password', 'confirmPassword'] }));
  const { name, surname, password, marketing } = submission.value;
  try {
    const answer = await api.request('POST', 'auth/complete-registration', anyAnswer, {
      body: { email: flow.email, password, first_name: name, last_name: surname, marketing: marketing === 'on' },
    });
    return await finishSignIn(answer);
  } catch (error) {
    const text = hasErrorCode(error, 'already_exists') ? t('auth.accountExists') : t('auth.registrationFailed');
    return fail('register', submission.reply({ formErrors: [text], hideFields: ['password', 'confirmPassword'] }));
  }
}

async function loginStep({ flow, api, fail, parse, finishSignIn, needEmail, t }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(loginStepSchema);
  if (submission.status !== 'success') return fail('login', submission.reply({ hideFields: ['password'] }));
  try {
    return await finishSignIn(
      await api.request('POST', 'auth/login', anyAnswer, { body: { email: flow.email, password: submission.value.password } }),
    );
  } catch (error) {
    if (hasErrorCode(error, 'invalid_credentials')) {
      return fail('login', submission.reply({ fieldErrors: { password: [t('auth.invalidEmailOrPassword')] }, hideFields: ['password'] }));
    }
    const text = hasErrorCode(error, 'account_locked') ? t('auth.accountLocked') : t('auth.loginFailed');
    return fail('login', submission.reply({ formErrors: [text], hideFields: ['password'] }));
  }
}

async function forgotPasswordStep({ flow, api, go, fail, parse, t, locale }: StepContext): Promise<Response> {
  const submission = parse(forgotPasswordStepSchema);
  if (submission.status !== 'success') return fail('forgot-password', submission.reply());
  const { email } = submission.value;
  try {
    await api.request('POST', 'auth/request-password-reset', anyAnswer, { body: { email } });
    return go('reset-code', { ...flow, email, resetCode: undefined, codeSentAt: Date.now() }, { notice: t('auth.resetCodeSent') });
  } catch (error) {
    return fail('forgot-password', submission.reply({ formErrors: [waitOr(error, locale, t('auth.sendResetFailed'))] }));
  }
}

async function resendResetStep({ flow, api, go, fail, parse, needEmail, t, locale }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  try {
    await api.request('POST', 'auth/request-password-reset', anyAnswer, { body: { email: flow.email } });
    return go('reset-code', { ...flow, codeSentAt: Date.now() }, { notice: t('auth.resetCodeResent') });
  } catch (error) {
    return fail('reset-code', parse(resetCodeStepSchema).reply({ formErrors: [waitOr(error, locale, t('auth.resendResetFailed'))] }));
  }
}

async function resetCodeStep({ flow, api, go, fail, parse, needEmail, t }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(resetCodeStepSchema);
  if (submission.status !== 'success') return fail('reset-code', submission.reply());
  try {
    await api.request('POST', 'auth/verify-reset-code', anyAnswer, { body: { email: flow.email, code: submission.value.resetCode } });
    return go('new-password', { ...flow, resetCode: submission.value.resetCode });
  } catch (error) {
    const text = messageFor(t, error, RESET_CODE_MESSAGES, 'auth.resetFailed');
    return fail('reset-code', submission.reply({ fieldErrors: { resetCode: [text] } }));
  }
}

async function newPasswordStep({ flow, api, go, fail, parse, t }: StepContext): Promise<Response> {
  if (!flow.email || !flow.resetCode) return go('forgot-password', { ...flow, resetCode: undefined });
  const submission = parse(newPasswordStepSchema);
  if (submission.status !== 'success') return fail('new-password', submission.reply({ hideFields: ['newPassword', 'confirmNewPassword'] }));
  try {
    await api.request('POST', 'auth/reset-password', anyAnswer, {
      body: { email: flow.email, code: flow.resetCode, new_password: submission.value.newPassword },
    });
    // Passwords and codes are cleared; the email stays for the login step.
    return go('reset-success', { email: flow.email, successTo: flow.successTo });
  } catch (error) {
    const text = messageFor(t, error, RESET_CODE_MESSAGES, 'auth.resetFailed');
    return fail('new-password', submission.reply({ formErrors: [text], hideFields: ['newPassword', 'confirmNewPassword'] }));
  }
}

/** One handler per step of the flow, by the form's `intent`. */
export const STEP_HANDLERS: Record<string, (step: StepContext) => Promise<Response>> = {
  email: emailStep,
  'send-code-register': sendCodeStep,
  'send-code-guest': sendCodeStep,
  'resend-code': resendCodeStep,
  verify: verifyStep,
  register: registerStep,
  login: loginStep,
  'forgot-password': forgotPasswordStep,
  'resend-reset': resendResetStep,
  'reset-code': resetCodeStep,
  'new-password': newPasswordStep,
};
