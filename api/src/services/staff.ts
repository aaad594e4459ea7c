import { createHash, randomBytes } from 'node:crypto';

import type { Selectable } from 'kysely';

import type { StaffMember, StaffRole } from '@contract/api/staff';
import { BRAND } from '@contract/brand';
import type { ShopLocale } from '@contract/locale';

import type { CodeService } from '../auth/codes.js';
import { clearFailures, countFailure, lockedFor, unlockedAt } from '../auth/lockout.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { LOCK_DURATION_MS, STAFF_SESSION_TTL_MS } from '../auth/rules.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { inTransaction } from '../db/transaction.js';
import type { AppConfig, AppDeps } from '../deps.js';
import { DomainError } from '../domain-error.js';
import { type Actor, recordAudit } from './audit.js';
import { renderEmail } from './mail-templates.js';

type StaffRow = Selectable<Database['staff']>;
type StaffDeps = Pick<AppDeps, 'db' | 'clock' | 'mail'> & { config: Pick<AppConfig, 'storefrontUrl'> };

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    has_password: row.password_hash !== null,
    locale: row.locale,
    created_at: row.created_at.toISOString(),
  };
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await db.selectFrom('staff').selectAll().orderBy('created_at').execute()).map(toStaffMember);
}

/**
 * Adds a member of staff and mails them a code to choose their password at /admin/login. The email is
 * claimed by the unique constraint: of two adds of one address at once, one wins and the other is told.
 */
export async function addStaff(deps: StaffDeps, codes: CodeService, actor: Actor, email: string, role: StaffRole): Promise<StaffMember> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (trx) => {
    const added = await trx
      .insertInto('staff')
      .values({ email, role, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!added) throw new DomainError('already_exists', `${email} is already on the staff`);
    await recordAudit(trx, now, actor, { action: 'staff.add', subject_type: 'staff', subject_id: email, after: { role } });
    return added;
  });
  await sendStaffCode(deps, codes, email, role);
  return toStaffMember(row);
}

/**
 * Removes a member: their sessions go with them (ON DELETE CASCADE), so their next request is refused.
 * An owner cannot remove themself, and the last owner is never removed: the owners' rows are locked
 * first, so two owners removing each other at the same moment leave one.
 */
export async function removeStaff(deps: Pick<AppDeps, 'db' | 'clock'>, actor: Actor, email: string): Promise<StaffMember> {
  if (actor.kind === 'staff' && actor.email === email) throw new DomainError('conflict', 'You cannot remove yourself; another owner can');
  return inTransaction(deps.db, async (trx) => {
    const owners = await trx.selectFrom('staff').select(['id', 'email']).where('role', '=', 'owner').forUpdate().execute();
    const member = await trx.selectFrom('staff').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
    if (!member) throw new DomainError('not_found', `${email} is not on the staff`);
    if (member.role === 'owner' && owners.length <= 1)
      throw new DomainError('conflict', `${email} is the last owner; add another owner first`);
    await trx.deleteFrom('staff').where('id', '=', member.id).execute();
    await recordAudit(trx, deps.clock.now(), actor, {
      action: 'staff.remove',
      subject_type: 'staff',
      subject_id: email,
      before: { role: member.role },
    });
    return toStaffMember(member);
  });
}

/** Sends a member a new code to choose their password (a lost code, or a forgotten password); the owner asks for it. */
export async function resendStaffCode(deps: StaffDeps, codes: CodeService, email: string): Promise<void> {
  const row = await deps.db.selectFrom('staff').select('role').where('email', '=', email).executeTakeFirst();
  if (!row) throw new DomainError('not_found', `${email} is not on the staff`);
  await sendStaffCode(deps, codes, email, row.role);
}

async function sendStaffCode(deps: StaffDeps, codes: CodeService, email: string, role: StaffRole) {
  await codes.create(email, 'staff', (code) => mailStaffCode(deps, email, role, code));
}

function mailStaffCode(deps: StaffDeps, email: string, role: StaffRole, code: string) {
  const adminUrl = new URL('/admin/login', deps.config.storefrontUrl);
  adminUrl.searchParams.set('email', email);
  return deps.mail.send({
    to: email,
    ...renderEmail({
      subject: `Your ${BRAND.name} back office code: ${code}`,
      heading: 'Choose your back-office password',
      paragraphs: [
        `You are on the ${BRAND.name} back office as ${role === 'owner' ? 'an owner' : 'staff'}. Enter this code with your email at the back-office sign-in to choose your password.`,
        'The code is valid for 10 minutes. If it runs out, ask the owner to send a new one.',
      ],
      code,
      action: { label: 'Open the back office', url: adminUrl.toString() },
    }),
  });
}

/** The mailed code sets (or resets) the member's password, and lifts any lock. */
export async function setStaffPassword(deps: StaffDeps, codes: CodeService, email: string, code: string, password: string): Promise<void> {
  const row = await deps.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirst();
  // An unknown address answers as a wrong code does: the form does not tell who is on the staff.
  if (!row) throw new DomainError('code_invalid', 'Invalid verification code');
  await codes.check(email, 'staff', code, { consume: true });
  const now = deps.clock.now();
  await deps.db
    .updateTable('staff')
    .set({ password_hash: await hashPassword(password), ...clearFailures(), updated_at: now })
    .where('id', '=', row.id)
    .execute();
  await deps.db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', row.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Email and password, with the shoppers' lockout (five failures lock for 15 minutes, counted
 * atomically). A success opens a back-office session of STAFF_SESSION_TTL_MS.
 */
export async function staffSignIn(
  deps: StaffDeps,
  email: string,
  password: string,
): Promise<{ token: string; expires_at: Date; staff: StaffRow }> {
  const { db } = deps;
  const now = deps.clock.now();
  const member = await db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
  if (member?.locked_until && member.locked_until > now) throw lockedFor(member.locked_until, now);
  if (!member || !(await verifyPassword(member.password_hash, password))) {
    if (member?.password_hash) {
      const counted = await db
        .updateTable('staff')
        .set(countFailure(now))
        .where('id', '=', member.id)
        .where(unlockedAt(now))
        .returning('locked_until')
        .executeTakeFirst();
      const lock = counted ? counted.locked_until : await lockOf(db, member.id);
      if (lock && lock > now) throw lockedFor(lock, now);
    }
    throw new DomainError('invalid_credentials', 'Invalid credentials');
  }
  const signedIn = await db
    .updateTable('staff')
    .set(clearFailures())
    .where('id', '=', member.id)
    .where(unlockedAt(now))
    .returningAll()
    .executeTakeFirst();
  if (!signedIn) {
    // A parallel failure locked the account between the check and this statement.
    throw lockedFor((await lockOf(db, member.id)) ?? new Date(now.getTime() + LOCK_DURATION_MS), now);
  }
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
  await db
    .insertInto('staff_sessions')
    .values({ staff_id: member.id, token_hash: sha256(token), created_at: now, expires_at })
    .execute();
  return { token, expires_at, staff: signedIn };
}

async function lockOf(db: Db, staffId: string): Promise<Date | null> {
  return (await db.selectFrom('staff').select('locked_until').where('id', '=', staffId).executeTakeFirst())?.locked_until ?? null;
}

/** The member a back-office token belongs to, while the session is open; undefined otherwise. */
export async function staffOfToken(db: Db, now: Date, token: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .selectAll('staff')
    .where('staff_sessions.token_hash', '=', sha256(token))
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

/** Signing out ends the session at once. */
export async function endStaffSession(db: Db, now: Date, token: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Keeps the language a member's back office speaks (ADR 072). One statement: the member's own row,
 * while they are still on the staff. The CLI has no back office to speak.
 */
export async function setStaffLocale(db: Db, now: Date, actor: Actor, locale: ShopLocale): Promise<ShopLocale> {
  if (actor.kind !== 'staff') throw new DomainError('conflict', 'The command line has no back office to set a language for.');
  const row = await db
    .updateTable('staff')
    .set({ locale, updated_at: now })
    .where('id', '=', actor.id)
    .returning('locale')
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'No such member of staff.');
  return row.locale;
}
