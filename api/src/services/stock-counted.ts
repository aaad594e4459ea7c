import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

import type { Database } from '../db/schema.js';
import { DomainError } from '../domain-error.js';

/**
 * A variant's stock: the units that can be sold now, or null when it is not counted (a gift card's
 * amount, migration 040). Stock that is not counted is always available, is never taken by a checkout
 * nor given back, and stays off the stock lists, the low-stock marks and the back-in-stock emails.
 */
export type Stock = number | null;

/** Whether a shopper can buy the variant now: in stock, or not counted. */
export const isAvailable = (stock: Stock): boolean => stock === null || stock > 0;

/** Whether the stock covers `quantity` units: always, when it is not counted. */
export const covers = (stock: Stock, quantity: number): boolean => stock === null || stock >= quantity;

/** The same inside a statement, for a stock column or subquery: not counted, or at least `quantity`. */
export function coversInSql<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  stock: Expression<number | null>,
  quantity: Expression<number> | number,
): Expression<SqlBool> {
  return eb.or([eb(stock, 'is', null), eb(stock, '>=', typeof quantity === 'number' ? eb.val(quantity) : quantity)]);
}

/** The refusal for a change of stock on a variant whose stock is not counted. */
export function stockNotCounted(sku: string): DomainError {
  return new DomainError('conflict', `${sku} is a gift card: its stock is not counted, so it cannot be changed`);
}
