import { z } from 'zod';

import { addressField, nameField, PHONE_PATTERN, phoneField, PROFILE_LIMITS } from '@contract/fields';

import { stripNameCharacters } from './auth';

export { PHONE_PATTERN, PROFILE_LIMITS };

/**
 * The profile edit form (docs/product.md#profile, docs/product.md#validation), shared by Conform in the browser and the
 * action. Phone and address may be left empty, which clears them.
 */
export const profileSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  phone: phoneField.optional(),
  address: addressField.optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export type ProfileField = keyof ProfileInput;

export const PROFILE_FIELDS: readonly ProfileField[] = ['first_name', 'last_name', 'phone', 'address'];

/** Removes what a phone number may not contain, as the shopper types. */
export function stripPhoneCharacters(value: string): string {
  return value.replace(/[^0-9+() -]/g, '');
}

/** The as-you-type filter of each field (docs/product.md#validation: names lose other characters as typed). */
export const PROFILE_STRIPPERS: Partial<Record<ProfileField, (value: string) => string>> = {
  first_name: stripNameCharacters,
  last_name: stripNameCharacters,
  phone: stripPhoneCharacters,
};
