import { z } from 'zod';

/** GET/PUT user/profile (spec §7). */
export const profileAnswerSchema = z.object({
  email: z.string(),
  first_name: z.string().nullish().transform((v) => v ?? null),
  last_name: z.string().nullish().transform((v) => v ?? null),
  phone: z.string().nullish().transform((v) => v ?? null),
  address: z.string().nullish().transform((v) => v ?? null),
  member_since: z.string().nullish().transform((v) => v ?? null),
});
export type Profile = z.infer<typeof profileAnswerSchema>;
