import { customerLabel } from '@contract/erased';

import { useI18n } from '~/lib/i18n';

/** Whether the customer deleted their account (their rows keep an undeliverable address). */
export const isErased = (email: string) => customerLabel(email) !== email;

/** How the back office names a customer, in the member's language: their email, or that they were erased. */
export function useCustomerLabel(): (email: string) => string {
  const { t } = useI18n();
  return (email) => (isErased(email) ? t('adminPeople.customer.erasedLabel') : email);
}
