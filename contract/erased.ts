/** The address an erased customer's rows carry (api/src/services/account-deletion.ts): never deliverable. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** How the back office names a customer: their email, or "Customer erased" once they deleted their account. */
export function customerLabel(email: string): string {
  return email.endsWith(`@${ERASED_EMAIL_DOMAIN}`) ? 'Customer erased' : email;
}
