import { type Context, Hono } from 'hono';

import {
  checkEmailAnswerSchema,
  completeRegistrationRequestSchema,
  emailRequestSchema,
  guestAccountRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageAnswerSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetCodeRequestSchema,
  resetPasswordRequestSchema,
  signInSchema,
  tokenPairSchema,
  userSchema,
  verificationRequestSchema,
} from '@contract/api/auth';

import { answer } from '../answer.js';
import { mergeCartOfRequest } from '../auth/cart-cookie.js';
import { resetCodeEmail, verificationCodeEmail, welcomeEmail } from '../auth/emails.js';
import { authenticate, requireUser } from '../auth/middleware.js';
import { findUserByEmail, toUserOut, type UserRow } from '../auth/users.js';
import { clientIp } from '../client-ip.js';
import type { AppEnv } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { validate } from '../http-errors.js';
import { giveConsent } from '../services/consents.js';
import { enforceRateLimit, RATE_RULES } from '../services/rate-limits.js';
import { requestMarketingConsent } from '../services/reminders/marketing-consent.js';
import {
  createAccount,
  ensureNoAccount,
  keepGuestAsAccount,
  passwordSignIn,
  pendingVerification,
  setPassword,
  startGuestSession,
} from '../services/sign-in.js';

/** Limits every auth request per client IP first, then per email once the body is read. */
async function limitByEmail(c: Context<AppEnv>, email: string) {
  await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerEmail, email);
}

/** The marketing consent asked for at sign-up; the account stands if its email cannot go out (asked again from the profile). */
async function askForMarketing(c: Context<AppEnv>, user: UserRow) {
  try {
    await requestMarketingConsent(c.var.deps, user, user.locale);
  } catch (error) {
    c.var.deps.log.error(`marketing consent email to user ${user.id} failed`, error);
  }
}

export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerIp, clientIp(c));
    await next();
  });

  async function sendCode(c: Context<AppEnv>, email: string, purpose: 'register' | 'guest') {
    const locale = c.var.locale;
    await c.var.auth.codes.create(email, purpose, (code) =>
      c.var.deps.mail.send({ to: email, ...verificationCodeEmail(code, purpose, locale) }),
    );
  }

  /** Every sign-in ends here: an anonymous cart sent along joins the user's cart before the tokens go out. */
  async function signedIn(c: Context<AppEnv>, user: UserRow) {
    await mergeCartOfRequest(c, user.id);
    return answer(c, signInSchema, { ...(await c.var.auth.tokens.issue(user)), user: toUserOut(user) });
  }

  app.post('/check-email', validate('json', emailRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    const user = await findUserByEmail(c.var.deps.db, email);
    return answer(c, checkEmailAnswerSchema, { exists: Boolean(user), has_password: Boolean(user?.password_hash) });
  });

  app.post('/register', validate('json', registerRequestSchema), async (c) => {
    const { email, guest_checkout } = c.req.valid('json');
    await limitByEmail(c, email);
    await ensureNoAccount(c.var.deps.db, email);
    await sendCode(c, email, guest_checkout ? 'guest' : 'register');
    return answer(c, messageAnswerSchema, { message: 'Verification code sent', email });
  });

  app.post('/resend-verification', validate('json', emailRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    await sendCode(c, email, await pendingVerification(c.var.deps.db, email));
    return answer(c, messageAnswerSchema, { message: 'Verification code sent', email });
  });

  app.post('/verify-email', validate('json', verificationRequestSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    await c.var.auth.codes.check(email, 'register', code, { consume: false });
    return answer(c, messageAnswerSchema, { message: 'Email verified', verified: true });
  });

  app.post('/complete-registration', validate('json', completeRegistrationRequestSchema), async (c) => {
    const body = c.req.valid('json');
    await limitByEmail(c, body.email);
    const { db, clock } = c.var.deps;
    const existing = await ensureNoAccount(db, body.email);
    if (!(await c.var.auth.codes.takeVerified(body.email, 'register'))) {
      throw new DomainError('code_expired', 'Verification code has expired or the email is not verified yet');
    }
    // A guest who registers keeps the same record, and so their purchases and cards.
    const user = await createAccount(db, clock.now(), existing, { ...body, locale: c.var.locale });
    // The storefront registers only once the terms and the privacy policy are accepted: recorded with their version.
    await giveConsent(db, clock.now(), user.id, 'terms');
    try {
      await c.var.deps.mail.send({ to: user.email, ...welcomeEmail(body.first_name, c.var.deps.config.storefrontUrl, user.locale) });
    } catch (error) {
      // The account stands; a welcome that could not be sent is only logged.
      c.var.deps.log.error(`welcome email to user ${user.id} failed`, error);
    }
    // The sign-up's opt-in asks as the profile's button does: pending until the emailed link confirms it.
    if (body.marketing) await askForMarketing(c, user);
    return signedIn(c, user);
  });

  app.post('/verify-guest', validate('json', verificationRequestSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    const { db, clock } = c.var.deps;
    const existing = await ensureNoAccount(db, email);
    await c.var.auth.codes.check(email, 'guest', code, { consume: true });
    const user = await startGuestSession(db, clock.now(), existing, email, c.var.locale);
    return signedIn(c, user);
  });

  // A signed-in guest keeps their email as an account: only a password to choose (their orders stay).
  app.post('/guest-account', requireUser, validate('json', guestAccountRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const { db, clock } = c.var.deps;
    await limitByEmail(c, c.var.user.email);
    const user = await keepGuestAsAccount(db, clock.now(), c.var.user.id, { ...body, locale: c.var.locale });
    // The panel says that creating the account accepts the terms and the privacy policy: recorded as registration does.
    await giveConsent(db, clock.now(), user.id, 'terms');
    try {
      await c.var.deps.mail.send({ to: user.email, ...welcomeEmail(user.first_name ?? '', c.var.deps.config.storefrontUrl, user.locale) });
    } catch (error) {
      c.var.deps.log.error(`welcome email to user ${user.id} failed`, error);
    }
    if (body.marketing) await askForMarketing(c, user);
    return signedIn(c, user);
  });

  sessionRoutes(app, signedIn);
  passwordResetRoutes(app);

  return app;
}

/** Signing in with a password, refreshing, signing out, and who is signed in. */
function sessionRoutes(app: Hono<AppEnv>, signedIn: (c: Context<AppEnv>, user: UserRow) => Promise<Response>) {
  app.post('/login', validate('json', loginRequestSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    await limitByEmail(c, email);
    const { db, clock } = c.var.deps;
    return signedIn(c, await passwordSignIn(db, clock.now(), email, password));
  });

  app.post('/refresh', validate('json', refreshRequestSchema), async (c) => {
    const { refresh_token } = c.req.valid('json');
    return answer(c, tokenPairSchema, await c.var.auth.tokens.rotate(refresh_token));
  });

  // Sign-out ends the session whatever state its access token is in: with a valid access token, its
  // user's family (or all their sessions); with only the refresh token, that token's family.
  app.post('/logout', async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const parsed = logoutRequestSchema.safeParse(body);
    const refreshToken = parsed.success ? parsed.data.refresh_token : undefined;
    const user = c.req.header('authorization') ? await authenticate(c).catch(() => null) : null;
    if (user) await c.var.auth.tokens.revoke(user.id, refreshToken);
    else if (refreshToken) await c.var.auth.tokens.revokeFamilyOf(refreshToken);
    else throw new DomainError('not_authenticated', 'Not authenticated');
    return answer(c, messageAnswerSchema, { message: 'Logged out' });
  });

  app.get('/me', requireUser, (c) => answer(c, userSchema, toUserOut(c.var.user)));
}

/** A forgotten password: a code by email, then a new password (which ends every session). */
function passwordResetRoutes(app: Hono<AppEnv>) {
  app.post('/request-password-reset', validate('json', emailRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    const user = await findUserByEmail(c.var.deps.db, email);
    // The same answer whether or not the account exists.
    if (user?.password_hash) {
      const locale = c.var.locale;
      await c.var.auth.codes.create(email, 'reset', (code) => c.var.deps.mail.send({ to: email, ...resetCodeEmail(code, locale) }));
    }
    return answer(c, messageAnswerSchema, { message: 'If an account exists for this email, a reset code has been sent' });
  });

  app.post('/verify-reset-code', validate('json', resetCodeRequestSchema), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    await c.var.auth.codes.check(email, 'reset', code, { consume: false });
    return answer(c, messageAnswerSchema, { message: 'Reset code verified' });
  });

  app.post('/reset-password', validate('json', resetPasswordRequestSchema), async (c) => {
    const { email, code, new_password } = c.req.valid('json');
    await limitByEmail(c, email);
    const { db, clock } = c.var.deps;
    const user = await findUserByEmail(db, email);
    if (!user?.password_hash) throw new DomainError('code_invalid', 'Invalid reset code');
    await c.var.auth.codes.check(email, 'reset', code, { consume: true });
    await setPassword(db, clock.now(), user.id, new_password);
    // Every session signed in with the old password ends.
    await c.var.auth.tokens.revoke(user.id);
    return answer(c, messageAnswerSchema, { message: 'Password has been reset' });
  });
}
