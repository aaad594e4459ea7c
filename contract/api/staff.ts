import { z } from 'zod';

import { codeField, emailField, loginPasswordField, passwordField } from '../fields';
import { SHOP_LOCALES } from '../locale';

/**
 * The back office's people and their sign-in (docs/product.md#api-staff). `owner` may do everything
 * and manage staff; `staff` handles orders, fulfilment, notes and stock.
 */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { errorMap: () => ({ message: 'Role must be owner or staff' }) });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  /** False until the member has chosen a password with the mailed code. */
  has_password: z.boolean(),
  /** The language of their back office, as they chose it (ADR 072). */
  locale: z.enum(SHOP_LOCALES),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

/** `POST admin/staff` (owner): adds a member and mails them a code to choose their password. */
export const staffAddRequestSchema = z.object({ email: emailField, role: staffRoleSchema });

/** `POST admin/staff/resend-code` (owner): a new code for a member who lost theirs or forgot their password. */
export const staffResendRequestSchema = z.object({ email: emailField });

/** `POST admin/staff/remove` (owner): the member can no longer sign in, and their sessions end at once. */
export const staffRemoveRequestSchema = z.object({ email: emailField });

/** `POST staff/set-password`: the mailed code and the new password (the shoppers' password rules). */
export const staffSetPasswordRequestSchema = z.object({ email: emailField, code: codeField('Verification code'), password: passwordField });

/** `POST staff/login`. */
export const staffLoginRequestSchema = z.object({ email: emailField, password: loginPasswordField });

/** A back-office session: an opaque bearer token, valid until `expires_at` or until signed out. */
export const staffSessionSchema = z.object({ token: z.string(), expires_at: z.string(), staff: staffMemberSchema });

/** `GET admin/me`: who the bearer token speaks for (a staff member's email, or `cli`) and their role. */
export const adminMeSchema = z.object({
  actor: z.string(),
  role: staffRoleSchema,
  /** The language the member chose for their back office (`en` for the CLI). */
  locale: z.enum(SHOP_LOCALES),
});

/** `PUT admin/me/locale`: the language the member's back office speaks, kept with them (ADR 072). */
export const staffLocaleRequestSchema = z.object({
  locale: z.enum(SHOP_LOCALES, { errorMap: () => ({ message: 'Language must be en or it' }) }),
});
export const staffLocaleSchema = staffLocaleRequestSchema;

/** One change made in the back office or with the CLI. */
export const auditEntrySchema = z.object({
  at: z.string(),
  /** The staff member's email, or `cli`. */
  actor: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);
export const auditQuerySchema = z.object({
  subject_type: z.string().trim().max(40).optional(),
  subject_id: z.string().trim().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
