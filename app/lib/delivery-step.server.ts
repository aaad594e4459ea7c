import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import { type Locale, localizedPath } from './i18n';
import type { PendingDeliveryStep, ShopSession } from './session.server';

/** The page where the shop asks for the delivery address of a checkout with nothing left to pay (ADR 062). */
export const DELIVERY_STEP_PATH = '/checkout/address';
/** A step left waiting longer than this is not gone on with. */
const STEP_MAX_AGE_MS = 30 * 60_000;

/** The API's word that nothing is left to pay and it does not know where the goods go. */
export const asksForAddress = (error: unknown): boolean => error instanceof ApiRequestError && error.code === 'delivery_address_required';

type StepInput = PendingDeliveryStep extends infer Step ? (Step extends unknown ? Omit<Step, 'at'> : never) : never;

/** Keeps the checkout that waits for its address in the session, and answers the step's path; the caller commits and redirects. */
export function awaitAddress(context: ShopContext, session: ShopSession, step: StepInput, locale: Locale): string {
  session.set('deliveryStep', { ...step, at: Date.now() });
  context.markChanged();
  return localizedPath(DELIVERY_STEP_PATH, locale);
}

/** The checkout went on (or was refused): no address is waited for any more. */
export function endDeliveryStep(context: ShopContext, session: ShopSession): void {
  if (!session.has('deliveryStep')) return;
  session.unset('deliveryStep');
  context.markChanged();
}

/** The checkout waiting for its address, while it is recent; null otherwise. */
export function pendingDeliveryStep(session: ShopSession): PendingDeliveryStep | null {
  const step = session.get('deliveryStep');
  if (!step || Date.now() - step.at > STEP_MAX_AGE_MS || step.at > Date.now()) return null;
  return step;
}
