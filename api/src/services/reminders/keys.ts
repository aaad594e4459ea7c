/** The cart reminder's job: one per cart, found by its key. */
export const CART_REMINDER_JOB = 'cart-reminder';
export const cartReminderKey = (cartId: string) => `${CART_REMINDER_JOB}:${cartId}`;
