import { z } from 'zod';
import { nameField, stripNameCharacters } from './auth';

/** What the API accepts for a phone number (PUT user/profile): digits, spaces, brackets, hyphens, a leading +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,}$/;
export const PROFILE_LIMITS = { phone: 30, address: 300 } as const;

/**
 * The profile edit form (spec §2 "Profile", §5 names), shared by Conform in the browser and the
 * action. Phone and address may be left empty, which clears them.
 */
export const profileSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  phone: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.phone, 'Phone number is too long')
    .regex(PHONE_PATTERN, 'Please enter a valid phone number')
    .optional(),
  address: z.string().trim().max(PROFILE_LIMITS.address, 'Address is too long').optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileField = keyof ProfileInput;

export const PROFILE_FIELDS: readonly ProfileField[] = ['first_name', 'last_name', 'phone', 'address'];

/** Removes what a phone number may not contain, as the shopper types. */
export function stripPhoneCharacters(value: string): string {
  return value.replace(/[^0-9+() -]/g, '');
}

/** The as-you-type filter of each field (spec §5: names lose other characters as typed). */
export const PROFILE_STRIPPERS: Partial<Record<ProfileField, (value: string) => string>> = {
  first_name: stripNameCharacters,
  last_name: stripNameCharacters,
  phone: stripPhoneCharacters,
};
