import type { ErrorCode } from '@contract/errors';
import { RETURN_WINDOW_DAYS } from '@contract/returns';

import type { MessageKey } from './i18n';

/** The return form's own messages (ADR 032), in the spec's English; pages say them in their language (FORM_MESSAGE_KEYS). */
export const RETURN_MESSAGES = {
  chooseReason: 'Choose a reason',
  chooseItems: 'Choose at least one item to return',
  wholeUnits: 'Enter a whole number of units',
  reload: 'Reload the page and try again',
  chooseSize: 'Choose a size from the list',
  commentTooLong: 'A note is at most 500 characters',
  exchangeNeedsSize: 'Only an item too small or too big can be exchanged for another size',
  exchangeAllOrNone: 'Exchange every item of a return or none: ask for a refund in a return of its own',
} as const;

/** The catalogue key of the sentence for an API refusal of a return request, by its code. */
export function returnErrorKey(code: ErrorCode | undefined): MessageKey {
  switch (code) {
    case 'return_window_passed':
      return 'returns.windowPassed';
    case 'already_returned':
      return 'returns.alreadyReturned';
    case 'exchange_sold_out':
      return 'returns.exchangeSoldOut';
    case 'order_status_conflict':
      return 'returns.notDelivered';
    case 'not_found':
      return 'returns.invalidLink';
    default:
      return 'returns.failed';
  }
}

/** Why an order's return form is closed, in the catalogues. */
export const CLOSED_KEYS = {
  not_delivered: 'returns.notDelivered',
  window_passed: 'returns.windowPassed',
  nothing_left: 'returns.nothingLeft',
} as const satisfies Record<string, MessageKey>;

/** The days of the return window, for the sentences that name it. */
export const RETURN_WINDOW = { days: RETURN_WINDOW_DAYS };
