// Returns and size exchanges (ADR 032), by operation: links (the guest's signed link), read, request (the buyer's), staff (received, refunded, exchanged, cancelled).
export { isBuyersPurchase, purchaseOfReturnToken, returnLink, returnToken } from './links.js';
export { listReturns, returnByNumber, returnOptions, returnsOfPurchase, windowEnd } from './read.js';
export { requestReturn } from './request.js';
export { cancelReturn, receiveReturn, refundReturn, shipExchange } from './staff.js';
