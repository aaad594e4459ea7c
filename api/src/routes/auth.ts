import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app.js';
import { resetCodeEmail, verificationCodeEmail } from '../auth/emails.js';
import { mergeCartOfRequest } from '../auth/cart-cookie.js';
import { requireUser } from '../auth/middleware.js';
import { clientIp } from '../client-ip.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import * as rules from '../auth/rules.js';
import { findUserByEmail, toUserOut, type UserRow } from '../auth/users.js';
import { ApiError, validate } from '../http-errors.js';
import { RATE_RULES, enforceRateLimit } from '../services/rate-limits.js';

const emailOnly = z.object({ email: rules.email });

/** Limits every auth request per client IP first, then per email once the body is read. */
async function limitByEmail(c: Context<AppEnv>, email: string) {
  await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerEmail, email);
}

export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    await enforceRateLimit(c, c.var.deps.rateLimits, RATE_RULES.authPerIp, clientIp(c));
    await next();
  });

  async function sendCode(c: Context<AppEnv>, email: string, purpose: 'register' | 'guest') {
    const code = await c.var.auth.codes.create(email, purpose);
    await c.var.deps.mail.send({ to: email, ...verificationCodeEmail(code, purpose) });
  }

  /** Every sign-in ends here: an anonymous cart sent along joins the user's cart before the tokens go out. */
  async function signedIn(c: Context<AppEnv>, user: UserRow) {
    await mergeCartOfRequest(c, user.id);
    return c.json({ ...(await c.var.auth.tokens.issue(user)), user: toUserOut(user) });
  }

  app.post('/check-email', validate('json', emailOnly), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    const user = await findUserByEmail(c.var.deps.db, email);
    return c.json({ exists: Boolean(user), has_password: Boolean(user?.password_hash) });
  });

  app.post(
    '/register',
    validate(
      'json',
      z.object({
        email: rules.email,
        // The storefront asks for the password after the email is verified; a password sent now must still be valid.
        password: z.union([z.literal(''), rules.password]).optional(),
        guest_checkout: z.boolean().default(false),
      }),
    ),
    async (c) => {
      const { email, guest_checkout } = c.req.valid('json');
      await limitByEmail(c, email);
      const user = await findUserByEmail(c.var.deps.db, email);
      if (user?.password_hash) throw new ApiError(409, 'An account with this email already exists', 'already_exists');
      await sendCode(c, email, guest_checkout ? 'guest' : 'register');
      return c.json({ message: 'Verification code sent', email });
    },
  );

  app.post('/resend-verification', validate('json', emailOnly), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    const pending = await c.var.deps.db
      .selectFrom('verification_codes')
      .select('purpose')
      .where('email', '=', email)
      .where('purpose', 'in', ['register', 'guest'])
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!pending) throw new ApiError(400, 'No verification in progress for this email', 'no_verification_pending');
    await sendCode(c, email, pending.purpose as 'register' | 'guest');
    return c.json({ message: 'Verification code sent', email });
  });

  app.post('/verify-email', validate('json', z.object({ email: rules.email, code: rules.code('Verification code') })), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    await c.var.auth.codes.check(email, 'register', code, { consume: false });
    return c.json({ message: 'Email verified', verified: true });
  });

  app.post(
    '/complete-registration',
    validate('json', z.object({ email: rules.email, password: rules.password, first_name: rules.firstName, last_name: rules.lastName })),
    async (c) => {
      const body = c.req.valid('json');
      await limitByEmail(c, body.email);
      const { db, clock } = c.var.deps;
      const existing = await findUserByEmail(db, body.email);
      if (existing?.password_hash) throw new ApiError(409, 'An account with this email already exists', 'already_exists');
      if (!(await c.var.auth.codes.takeVerified(body.email, 'register'))) {
        throw new ApiError(400, 'Verification code has expired or the email is not verified yet', 'code_expired');
      }
      const now = clock.now();
      const account = {
        user_type: 'registered' as const,
        password_hash: await hashPassword(body.password),
        first_name: body.first_name,
        last_name: body.last_name,
        email_verified_at: now,
        session_expires_at: null,
        updated_at: now,
      };
      // A guest who registers keeps the same record, and so their purchases and cards.
      const user = existing
        ? await db.updateTable('users').set(account).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
        : await db.insertInto('users').values({ email: body.email, created_at: now, ...account }).returningAll().executeTakeFirstOrThrow();
      return signedIn(c, user);
    },
  );

  app.post('/verify-guest', validate('json', z.object({ email: rules.email, code: rules.code('Verification code') })), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    const { db, clock } = c.var.deps;
    const existing = await findUserByEmail(db, email);
    if (existing?.password_hash) throw new ApiError(409, 'An account with this email already exists', 'already_exists');
    await c.var.auth.codes.check(email, 'guest', code, { consume: true });
    const now = clock.now();
    const guest = { email_verified_at: now, session_expires_at: new Date(now.getTime() + rules.GUEST_SESSION_TTL_MS), updated_at: now };
    const user = existing
      ? await db.updateTable('users').set(guest).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
      : await db.insertInto('users').values({ email, user_type: 'guest', created_at: now, ...guest }).returningAll().executeTakeFirstOrThrow();
    return signedIn(c, user);
  });

  app.post('/login', validate('json', z.object({ email: rules.email, password: rules.loginPassword })), async (c) => {
    const { email, password } = c.req.valid('json');
    await limitByEmail(c, email);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const user = await findUserByEmail(db, email);
    const lockedMessage = (until: Date) =>
      `Account locked due to multiple failed attempts. Try again in ${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))} minutes.`;
    if (user?.locked_until && user.locked_until > now) throw new ApiError(423, lockedMessage(user.locked_until), 'account_locked');

    if (!(await verifyPassword(user?.password_hash ?? null, password)) || !user) {
      if (user?.password_hash) {
        const { failed_login_count } = await db
          .updateTable('users')
          .set((eb) => ({ failed_login_count: eb('failed_login_count', '+', 1) }))
          .where('id', '=', user.id)
          .returning('failed_login_count')
          .executeTakeFirstOrThrow();
        if (failed_login_count >= rules.LOCK_AFTER_FAILURES) {
          const until = new Date(now.getTime() + rules.LOCK_DURATION_MS);
          await db.updateTable('users').set({ locked_until: until, failed_login_count: 0 }).where('id', '=', user.id).execute();
          throw new ApiError(423, lockedMessage(until), 'account_locked');
        }
      }
      throw new ApiError(401, 'Invalid credentials', 'invalid_credentials');
    }
    const fresh = await db
      .updateTable('users')
      .set({ failed_login_count: 0, locked_until: null })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return signedIn(c, fresh);
  });

  app.post('/refresh', validate('json', z.object({ refresh_token: z.string().min(1).max(200) })), async (c) => {
    const { refresh_token } = c.req.valid('json');
    return c.json(await c.var.auth.tokens.rotate(refresh_token));
  });

  app.post('/logout', requireUser, async (c) => {
    const body = await c.req.json().catch(() => ({}));
    const parsed = z.object({ refresh_token: z.string().max(200).optional() }).safeParse(body);
    await c.var.auth.tokens.revoke(c.var.user.id, parsed.success ? parsed.data.refresh_token : undefined);
    return c.json({ message: 'Logged out' });
  });

  app.get('/me', requireUser, (c) => c.json(toUserOut(c.var.user)));

  app.post('/request-password-reset', validate('json', emailOnly), async (c) => {
    const { email } = c.req.valid('json');
    await limitByEmail(c, email);
    const user = await findUserByEmail(c.var.deps.db, email);
    // The same answer whether or not the account exists.
    if (user?.password_hash) {
      const code = await c.var.auth.codes.create(email, 'reset');
      await c.var.deps.mail.send({ to: email, ...resetCodeEmail(code) });
    }
    return c.json({ message: 'If an account exists for this email, a reset code has been sent' });
  });

  app.post('/verify-reset-code', validate('json', z.object({ email: rules.email, code: rules.code('Reset code') })), async (c) => {
    const { email, code } = c.req.valid('json');
    await limitByEmail(c, email);
    await c.var.auth.codes.check(email, 'reset', code, { consume: false });
    return c.json({ message: 'Reset code verified' });
  });

  app.post(
    '/reset-password',
    validate('json', z.object({ email: rules.email, code: rules.code('Reset code'), new_password: rules.password })),
    async (c) => {
      const { email, code, new_password } = c.req.valid('json');
      await limitByEmail(c, email);
      const { db, clock } = c.var.deps;
      const user = await findUserByEmail(db, email);
      if (!user?.password_hash) throw new ApiError(400, 'Invalid reset code', 'code_invalid');
      await c.var.auth.codes.check(email, 'reset', code, { consume: true });
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(new_password), failed_login_count: 0, locked_until: null, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      // Every session signed in with the old password ends.
      await c.var.auth.tokens.revoke(user.id);
      return c.json({ message: 'Password has been reset' });
    },
  );

  return app;
}
