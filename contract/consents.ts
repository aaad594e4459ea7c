// The consents a customer gives, without zod: the storefront's pages that list them ship no schema library.

/** What a customer may consent to (GDPR art. 7): the cookie notice, marketing emails, the terms of an account. */
export const CONSENT_KINDS = ['cookies', 'marketing', 'terms'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
/** Consents that are withdrawn as they were given; accepting the terms is the account's contract, ended by deleting it. */
export const WITHDRAWABLE_CONSENTS = ['cookies', 'marketing'] as const;
/**
 * The policy a consent is given under: the terms of an account or of a purchase, or the privacy policy
 * (the cookie notice, marketing emails). A consent records that page's version in force: the day its
 * published version was made (api/src/services/consents.ts).
 */
export const CONSENT_POLICY = { cookies: 'privacy-policy', marketing: 'privacy-policy', terms: 'terms-and-conditions' } as const;
