// Returns and size exchanges (ADR 032), by operation: links (the guest's signed link), read, request (the buyer's), staff (received, refunded, exchanged, cancelled).
export { returnsOfPurchase, listReturns, returnByNumber, windowEnd, returnOptions } from './read.js';
export { returnToken, isBuyersPurchase, purchaseOfReturnToken, returnLink } from './links.js';
export { requestReturn } from './request.js';
export { receiveReturn, refundReturn, shipExchange, cancelReturn } from './staff.js';
