import { z } from 'zod';

/** The User of spec §3, as every auth answer carries it. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  user_type: z.enum(['guest', 'registered']),
  has_password: z.boolean().optional(),
  session_expires_at: z.string().nullable().optional().transform((v) => v ?? null),
  first_name: z.string().nullable().optional().transform((v) => v ?? null),
  last_name: z.string().nullable().optional().transform((v) => v ?? null),
  phone: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  member_since: z.string().optional(),
});
export type ApiUser = z.infer<typeof userSchema>;

/** What every sign-in answers: the tokens and the user. */
export const signInSchema = z.object({ access_token: z.string(), refresh_token: z.string(), user: userSchema });
export type SignInAnswer = z.infer<typeof signInSchema>;
/** `POST auth/refresh`. */
export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

/** `POST auth/check-email`. */
export const checkEmailAnswerSchema = z.object({ exists: z.boolean(), has_password: z.boolean() });

/** The answers that only say what happened (code sent, verified, signed out, reset...). */
export const messageAnswerSchema = z.object({ message: z.string(), email: z.string().optional(), verified: z.boolean().optional() });
