import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { json, redirect } from '@remix-run/node';

import { signInSchema } from '@contract/api/auth';

import { guestAccountSchema } from '~/forms/auth';

import { ApiRequestError, failureStatus, hasErrorCode } from './api.server';
import { apiErrorText } from './api-errors.server';
import { type Shopper, signedOutHere, signIn } from './auth.server';
import type { ShopContext } from './context.server';
import { serverTranslator } from './i18n.server';

/**
 * A signed-in guest keeps their email as an account with a password (`POST auth/guest-account`,
 * the same customer record, so the orders and cards stay). The session then holds the registered
 * sign-in the API answers with, and the shopper goes to `to` (303) with a success message. A
 * refusal answers the form's errors and changes nothing; a guest whose session has run out is sent
 * to sign in again, as the guard sends them.
 */
export async function keepGuestAsAccount(request: Request, context: ShopContext, shopper: Shopper['user'], formData: FormData, to: string) {
  // Already an account (another tab got there first): nothing to do but show the page.
  if (shopper?.user_type !== 'guest') return redirect(to, { status: 303 });
  const submission = parseWithZod(formData, { schema: guestAccountSchema });
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });

  const { api, session, commit } = await context.shopApi();
  const t = serverTranslator(context.locale, 'account', 'auth');
  const refused = async (result: SubmissionResult<string[]>, error: unknown) =>
    json({ result }, { status: failureStatus(error), headers: await commit() });
  let answer;
  try {
    answer = await api.request('POST', 'auth/guest-account', signInSchema, {
      body: { password: submission.value.password, marketing: submission.value.marketing === 'on' },
    });
  } catch (error) {
    // A guest's token ends with the guest session: its refresh is refused and the shopper signed out on the way.
    const signedOut = await signedOutHere(request, context);
    if (signedOut) throw signedOut;
    const passwordErrors = apiPasswordErrors(error);
    if (passwordErrors) return refused(submission.reply({ fieldErrors: { password: passwordErrors }, hideFields: ['password'] }), error);
    const known = hasErrorCode(error, 'already_exists', 'rate_limited');
    if (!known) console.error('Keeping a guest as an account failed:', error);
    // A spent rate limit says how long to wait.
    const text = !known
      ? t('guest.failed')
      : error.code === 'already_exists'
        ? t('auth.accountExists')
        : apiErrorText(error, context.locale);
    return refused(submission.reply({ formErrors: [text], hideFields: ['password'] }), error);
  }
  session.flash('flash', { kind: 'success', message: t('guest.created') });
  return redirect(to, { status: 303, headers: { 'Set-Cookie': await signIn(context, session, answer) } });
}

/** The API's own word on the password (a 422 naming the field), should its rules ever be stricter than the form's. */
function apiPasswordErrors(error: unknown): string[] | null {
  if (!(error instanceof ApiRequestError) || error.status !== 422 || !Array.isArray(error.detail)) return null;
  const messages = (error.detail as { loc?: unknown[]; msg?: unknown }[])
    .filter((item) => item.loc?.at(-1) === 'password' && typeof item.msg === 'string')
    .map((item) => String(item.msg));
  return messages.length ? messages : null;
}
