import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { redirect } from '@remix-run/node';
import type { z } from 'zod';

import type { AuthFlowView as AuthView } from '~/components/auth-flow/auth-flow';
import { type AuthContext, type AuthStep, isAuthStep } from '~/forms/auth';

import { getShopper, safeRedirectTo, signIn, signInSchema, signOut } from './auth.server';
import { anyAnswer, RESEND_COOLDOWN_MS, STEP_HANDLERS } from './auth-steps.server';
import type { ShopContext } from './context.server';
import { readFormData } from './form-data.server';
import { checkHoneypot } from './honeypot.server';
import { localeOfPath, localizedPath } from './i18n';
import { serverTranslator } from './i18n.server';
import { safeRedirectPath } from './safe-redirect';
import { type AuthFlowState, commitSession, type ShopSession } from './session.server';

/** Countdown of the success step (docs/product.md#constants): 5 s, or 3 s when the shopper was already signed in. */
export const SUCCESS_COUNTDOWN = { fresh: 5, alreadySignedIn: 3 } as const;
export const RESET_SUCCESS_COUNTDOWN = 5;

/** The address of `returnTo` with the flow at `step` (or closed, for null). */
export function withStep(returnTo: string, step: AuthStep | null): string {
  const url = new URL(safeRedirectPath(returnTo), 'http://local');
  if (step) url.searchParams.set('auth', step);
  else url.searchParams.delete('auth');
  return `${url.pathname}${url.search}`;
}

/** The fields of the sign-in steps, the only values a refused step shows again. */
const STEP_FIELDS = new Set(['email', 'name', 'surname', 'verificationCode', 'acceptedTerms', 'marketing', 'resetCode']);
/** The longest value echoed back: more than any valid one, small enough for the session cookie (4 KB). */
const ECHO_LIMIT = 300;

/**
 * A refused step's result as the session keeps it until the next page: its errors, and the values
 * of its own fields cut to a sensible length. Whatever else was posted (long or unknown fields)
 * would only make the cookie too big to send.
 */
function compactResult(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue ?? {})
      .filter(([name, value]) => STEP_FIELDS.has(name) && typeof value === 'string')
      .map(([name, value]) => [name, (value as string).slice(0, ECHO_LIMIT)]),
  );
  const error = Object.fromEntries(
    Object.entries(result.error ?? {}).filter(([name]) => name === '' || STEP_FIELDS.has(name) || /password/i.test(name)),
  );
  return { ...result, initialValue, error, fields: result.fields?.filter((name) => STEP_FIELDS.has(name) || /password/i.test(name)) };
}

/**
 * One post of the sign-in flow (`/auth`). Every outcome is a redirect back to the page that shows
 * the flow, at the next step or at the same one with its errors, so it works the same without
 * JavaScript (Post/Redirect/Get) and with it.
 */
export async function handleAuthAction(request: Request, context: ShopContext): Promise<Response> {
  const formData = await readFormData(request);
  checkHoneypot(formData);
  const returnTo = safeRedirectTo(formData.get('returnTo'), '/login');
  // `/auth` has no language of its own: the flow speaks the language of the page that shows it.
  const locale = localeOfPath(new URL(returnTo, 'http://local').pathname);
  const t = serverTranslator(locale, 'auth');
  const flowContext = (['login', 'register', 'modal'] as const).find((c) => c === formData.get('context')) ?? 'login';
  const intent = String(formData.get('intent') ?? '');
  const { session } = await getShopper(context);
  const flow: AuthFlowState = session.get('authFlow') ?? {};
  // No bearer token: these are the sign-in calls. The relayed cart cookie lets the API merge the
  // anonymous cart into the account on sign-in; every outcome commits the session it updates.
  const { api: client } = await context.shopApi('none');
  // The codes and the welcome the API mails, and the account it makes, are in the page's language.
  const api: typeof client = {
    ...client,
    request: (method, path, schema, init = {}) =>
      client.request(method, path, schema, { ...init, headers: { 'Accept-Language': locale, ...init.headers } }),
  };

  const go = async (step: AuthStep, next: AuthFlowState = flow, options: { notice?: string } = {}) => {
    session.set('authFlow', next);
    if (options.notice) session.flash('authResult', { notice: options.notice });
    return redirect(withStep(returnTo, step), { status: 303, headers: { 'Set-Cookie': await commitSession(context, session) } });
  };
  const fail = async (step: AuthStep, lastResult: SubmissionResult<string[]>) => {
    session.set('authFlow', flow);
    session.flash('authResult', { lastResult: compactResult(lastResult) });
    return redirect(withStep(returnTo, step), { status: 303, headers: { 'Set-Cookie': await commitSession(context, session) } });
  };
  const parse = <S extends z.ZodTypeAny>(schema: S) => parseWithZod(formData, { schema }) as Submission<z.input<S>, string[], z.output<S>>;
  // The modal returns to its page; /login and /register go where the guard was asked to (redirectTo), else /profile.
  const successTarget = () =>
    flowContext === 'modal'
      ? withStep(returnTo, null)
      : safeRedirectTo(new URL(returnTo, 'http://local').searchParams.get('redirectTo'), localizedPath('/profile', locale));
  const finishSignIn = async (answer: unknown) => {
    session.set('authFlow', { successTo: successTarget() });
    const cookie = await signIn(context, session, signInSchema.parse(answer));
    return redirect(withStep(returnTo, 'success'), { status: 303, headers: { 'Set-Cookie': cookie } });
  };
  const needEmail = async () => go('email', {});

  // Own keys only: an intent like `__proto__` or `constructor` is no step (found by the action fuzzer).
  const handler = Object.hasOwn(STEP_HANDLERS, intent) ? STEP_HANDLERS[intent] : undefined;
  if (!handler) return go(isAuthStep(intent) ? intent : 'email', flow);
  return handler({ formData, flow, context: flowContext, intent, api, locale, t, go, fail, parse, finishSignIn, needEmail });
}

/**
 * The flow's state for the page at `request`, at the step in `?auth=` (or `defaultStep`).
 * Returns the Set-Cookie that clears the step's one-time messages.
 */
export async function loadAuthView(
  request: Request,
  context: ShopContext,
  options: { context: AuthContext; defaultStep?: AuthStep; successTo?: string },
): Promise<{ view: AuthView | null; setCookie: string | null; session: ShopSession }> {
  const url = new URL(request.url);
  const requested = url.searchParams.get('auth');
  const step = isAuthStep(requested) ? requested : options.defaultStep;
  const shopper = await getShopper(context);
  const session = shopper.session;
  if (!step) return { view: null, setCookie: shopper.setCookie, session };
  const flow: AuthFlowState = session.get('authFlow') ?? {};
  const result = session.get('authResult');
  const returnTo = withStep(`${url.pathname}${url.search}`, null);

  // Steps that need an email fall back to the first step when the flow has none (a bookmarked URL).
  const needsEmail: AuthStep[] = ['verify-or-guest', 'verify', 'register', 'login', 'reset-code', 'new-password'];
  let effective: AuthStep = step;
  if (needsEmail.includes(step) && !flow.email) effective = 'email';
  // A guest on /login or /register has come to make an account (the guard sends them there) or to
  // sign in to one: the flow is theirs to walk, from their own email. Counting them as signed in
  // would show success and send them straight back to the page that wants an account.
  const upgrading = shopper.user?.user_type === 'guest' && options.context !== 'modal';
  const signedIn = Boolean(shopper.user) && !upgrading;
  if (step === 'success' && !signedIn) effective = 'email';
  // Being signed in already forces success at any step (docs/product.md#sign-in-flow), in the modal as on the pages.
  const alreadySignedIn = signedIn && step !== 'success';
  if (alreadySignedIn) effective = 'success';

  // A modal opened by someone already signed in closes back onto its page; a finished flow goes where it was headed.
  const successTo =
    alreadySignedIn && options.context === 'modal'
      ? returnTo
      : (options.successTo ?? flow.successTo ?? (options.context === 'modal' ? returnTo : localizedPath('/profile', context.locale)));
  const view: AuthView = {
    step: effective,
    context: options.context,
    email: flow.email ?? (upgrading ? shopper.user!.email : null),
    intent: flow.intent ?? null,
    returnTo,
    lastResult: result?.lastResult ?? null,
    notice: result?.notice ?? null,
    resendIn: flow.codeSentAt ? Math.max(0, Math.ceil((flow.codeSentAt + RESEND_COOLDOWN_MS - Date.now()) / 1000)) : 0,
    successTo: effective === 'success' ? successTo : effective === 'reset-success' ? withStep(returnTo, 'login') : null,
    countdown:
      effective === 'reset-success'
        ? RESET_SUCCESS_COUNTDOWN
        : alreadySignedIn
          ? SUCCESS_COUNTDOWN.alreadySignedIn
          : SUCCESS_COUNTDOWN.fresh,
  };
  const setCookie = result || shopper.setCookie ? await commitSession(context, session) : null;
  return { view, setCookie, session };
}

/** Sign-out: ends the API session (best effort) and forgets the tokens. */
export async function endSession(context: ShopContext): Promise<string> {
  const { api, session } = await context.shopApi('as-is');
  const refreshToken = session.get('refreshToken');
  if (session.get('accessToken') || refreshToken) {
    // The refresh token ends the session at the API even when the access token has run out.
    await api.request('POST', 'auth/logout', anyAnswer, { body: { refresh_token: refreshToken } }).catch(() => undefined);
  }
  signOut(session);
  session.unset('authFlow');
  // The API's cart cookie belonged to the signed-in shopper: the next visitor of this browser starts a new cart.
  session.unset('apiCartCookie');
  session.unset('discountCode');
  session.unset('giftCardCode');
  return commitSession(context, session);
}
