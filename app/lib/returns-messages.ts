import type { ErrorCode } from '@contract/errors';
import { RETURN_WINDOW_DAYS } from '@contract/returns';

/** What the return pages say (ADR 032); the API's codes map to these, never its English. */
export const RETURN_MESSAGES = {
  returnOrExchange: 'Return or exchange',
  returnRequested: 'Return requested',
  chooseReason: 'Choose a reason',
  chooseItems: 'Choose at least one item to return',
  wholeUnits: 'Enter a whole number of units',
  reload: 'Reload the page and try again',
  chooseSize: 'Choose a size from the list',
  commentTooLong: 'A note is at most 500 characters',
  exchangeNeedsSize: 'Only an item too small or too big can be exchanged for another size',
  exchangeAllOrNone: 'Exchange every item of a return or none: ask for a refund in a return of its own',
  windowPassed: `The ${RETURN_WINDOW_DAYS}-day return window for this order has closed.`,
  notDelivered: 'This order can be returned once it has been delivered.',
  nothingLeft: 'Every item of this order has been returned already.',
  alreadyReturned: 'Some of these items have been returned already. Check the units and try again.',
  exchangeSoldOut: 'That size has just sold out. Choose another size, or choose a refund instead.',
  invalidLink: 'This return link is not valid. Use the link in your delivery email.',
  failed: 'Your return could not be requested. Please try again in a moment.',
  requested: (number: string) => `Return ${number} is requested. We have emailed you the instructions.`,
  windowOpenUntil: (day: string) => `You can return or exchange items until ${day}.`,
} as const;

/** The sentence for an API refusal of a return request, by its code. */
export function returnErrorMessage(code: ErrorCode | undefined): string {
  switch (code) {
    case 'return_window_passed':
      return RETURN_MESSAGES.windowPassed;
    case 'already_returned':
      return RETURN_MESSAGES.alreadyReturned;
    case 'exchange_sold_out':
      return RETURN_MESSAGES.exchangeSoldOut;
    case 'order_status_conflict':
      return RETURN_MESSAGES.notDelivered;
    case 'not_found':
      return RETURN_MESSAGES.invalidLink;
    default:
      return RETURN_MESSAGES.failed;
  }
}

export const CLOSED_MESSAGES = {
  not_delivered: RETURN_MESSAGES.notDelivered,
  window_passed: RETURN_MESSAGES.windowPassed,
  nothing_left: RETURN_MESSAGES.nothingLeft,
} as const;
