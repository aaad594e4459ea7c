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
import { AUTH_MESSAGES } from './messages';
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

/** The spec's message for the API's refusal `error`, by its code; `fallback` for any other failure. */
function messageFor(error: unknown, messages: Partial<Record<ErrorCode, string>>, fallback: string): string {
  const code = error instanceof ApiRequestError ? error.code : undefined;
  return (code && messages[code]) || fallback;
}

const RESET_CODE_MESSAGES = { code_expired: AUTH_MESSAGES.resetCodeExpired, code_invalid: AUTH_MESSAGES.resetCodeInvalid };

/** A request made too soon says itself how long to wait ("Please wait 42 seconds ..."). */
function waitOr(error: unknown, fallback: string): string {
  return hasErrorCode(error, 'code_too_soon') ? error.message : fallback;
}

async function emailStep({ flow, api, go, fail, parse }: StepContext): Promise<Response> {
  const submission = parse(emailStepSchema);
  if (submission.status !== 'success') return fail('email', submission.reply());
  const { email } = submission.value;
  try {
    const answer = await api.request('POST', 'auth/check-email', checkEmailAnswerSchema, { body: { email } });
    const next = { ...flow, email, resetCode: undefined };
    return go(answer.exists && answer.has_password ? 'login' : 'verify-or-guest', next);
  } catch {
    return fail('email', submission.reply({ formErrors: [AUTH_MESSAGES.unableToCheckEmail] }));
  }
}

async function sendCodeStep({ flow, context, intent, api, go, fail, parse, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const guest = intent === 'send-code-guest' && context === 'modal';
  try {
    await api.request('POST', 'auth/register', anyAnswer, { body: { email: flow.email, guest_checkout: guest } });
    return go('verify', { ...flow, intent: guest ? 'guest' : 'register', codeSentAt: Date.now() });
  } catch (error) {
    const text = hasErrorCode(error, 'already_exists') ? AUTH_MESSAGES.accountExists : waitOr(error, AUTH_MESSAGES.sendCodeFailed);
    return fail('verify-or-guest', parse(emailStepSchema).reply({ formErrors: [text] }));
  }
}

async function resendCodeStep({ flow, api, go, fail, parse, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  try {
    await api.request('POST', 'auth/resend-verification', anyAnswer, { body: { email: flow.email } });
    return go('verify', { ...flow, codeSentAt: Date.now() }, { notice: AUTH_MESSAGES.codeSent });
  } catch (error) {
    return fail('verify', parse(verifyStepSchema).reply({ formErrors: [waitOr(error, AUTH_MESSAGES.resendCodeFailed)] }));
  }
}

async function verifyStep({ flow, api, go, fail, parse, finishSignIn, needEmail }: StepContext): Promise<Response> {
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
      error,
      { code_expired: AUTH_MESSAGES.codeExpired, code_invalid: AUTH_MESSAGES.codeInvalid, already_exists: AUTH_MESSAGES.accountExists },
      AUTH_MESSAGES.verificationFailed,
    );
    return fail('verify', submission.reply({ fieldErrors: { verificationCode: [text] } }));
  }
}

async function registerStep({ flow, api, fail, parse, finishSignIn, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(registerStepSchema);
  if (submission.status !== 'success') return fail('register', submission.reply({ hideFields: ['password', 'confirmPassword'] }));
  const { name, surname, password } = submission.value;
  try {
    const answer = await api.request('POST', 'auth/complete-registration', anyAnswer, {
      body: { email: flow.email, password, first_name: name, last_name: surname },
    });
    return await finishSignIn(answer);
  } catch (error) {
    const text = hasErrorCode(error, 'already_exists') ? AUTH_MESSAGES.accountExists : AUTH_MESSAGES.registrationFailed;
    return fail('register', submission.reply({ formErrors: [text], hideFields: ['password', 'confirmPassword'] }));
  }
}

async function loginStep({ flow, api, fail, parse, finishSignIn, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(loginStepSchema);
  if (submission.status !== 'success') return fail('login', submission.reply({ hideFields: ['password'] }));
  try {
    return await finishSignIn(
      await api.request('POST', 'auth/login', anyAnswer, { body: { email: flow.email, password: submission.value.password } }),
    );
  } catch (error) {
    if (hasErrorCode(error, 'invalid_credentials')) {
      return fail(
        'login',
        submission.reply({ fieldErrors: { password: [AUTH_MESSAGES.invalidEmailOrPassword] }, hideFields: ['password'] }),
      );
    }
    const text = hasErrorCode(error, 'account_locked') ? AUTH_MESSAGES.accountLocked : AUTH_MESSAGES.loginFailed;
    return fail('login', submission.reply({ formErrors: [text], hideFields: ['password'] }));
  }
}

async function forgotPasswordStep({ flow, api, go, fail, parse }: StepContext): Promise<Response> {
  const submission = parse(forgotPasswordStepSchema);
  if (submission.status !== 'success') return fail('forgot-password', submission.reply());
  const { email } = submission.value;
  try {
    await api.request('POST', 'auth/request-password-reset', anyAnswer, { body: { email } });
    return go('reset-code', { ...flow, email, resetCode: undefined, codeSentAt: Date.now() }, { notice: AUTH_MESSAGES.resetCodeSent });
  } catch (error) {
    return fail('forgot-password', submission.reply({ formErrors: [waitOr(error, AUTH_MESSAGES.sendResetFailed)] }));
  }
}

async function resendResetStep({ flow, api, go, fail, parse, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  try {
    await api.request('POST', 'auth/request-password-reset', anyAnswer, { body: { email: flow.email } });
    return go('reset-code', { ...flow, codeSentAt: Date.now() }, { notice: AUTH_MESSAGES.resetCodeResent });
  } catch (error) {
    return fail('reset-code', parse(resetCodeStepSchema).reply({ formErrors: [waitOr(error, AUTH_MESSAGES.resendResetFailed)] }));
  }
}

async function resetCodeStep({ flow, api, go, fail, parse, needEmail }: StepContext): Promise<Response> {
  if (!flow.email) return needEmail();
  const submission = parse(resetCodeStepSchema);
  if (submission.status !== 'success') return fail('reset-code', submission.reply());
  try {
    await api.request('POST', 'auth/verify-reset-code', anyAnswer, { body: { email: flow.email, code: submission.value.resetCode } });
    return go('new-password', { ...flow, resetCode: submission.value.resetCode });
  } catch (error) {
    const text = messageFor(error, RESET_CODE_MESSAGES, AUTH_MESSAGES.resetFailed);
    return fail('reset-code', submission.reply({ fieldErrors: { resetCode: [text] } }));
  }
}

async function newPasswordStep({ flow, api, go, fail, parse }: StepContext): Promise<Response> {
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
    const text = messageFor(error, RESET_CODE_MESSAGES, AUTH_MESSAGES.resetFailed);
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
