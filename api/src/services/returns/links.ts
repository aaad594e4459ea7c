import { createHmac, timingSafeEqual } from 'node:crypto';

import { type ShopLocale, shopPagePath } from '@contract/locale';

import type { Db } from '../../db/database.js';
import type { AppConfig } from '../../deps.js';
import { DomainError } from '../../domain-error.js';

// ---------------------------------------------------------------------------------------------
// The signed link a guest returns with (the delivery email carries it): the order's id and an HMAC.

const TOKEN_PURPOSE = 'order-returns.v1';

function tokenSignature(secret: string, purchaseId: string): string {
  return createHmac('sha256', secret).update(`${TOKEN_PURPOSE}.${purchaseId}`).digest('base64url');
}

export function returnToken(secret: string, purchaseId: string): string {
  return `${purchaseId}.${tokenSignature(secret, purchaseId)}`;
}

/** Whether an order is this shopper's own. */
export async function isBuyersPurchase(db: Db, purchaseId: string, userId: string): Promise<boolean> {
  const owner = await db.selectFrom('purchases').select('user_id').where('id', '=', purchaseId).executeTakeFirst();
  return owner?.user_id === userId;
}

/** The order a return link names, when its signature holds; otherwise not_found, saying nothing more. */
export function purchaseOfReturnToken(secret: string, token: string): string {
  const [purchaseId, signature] = token.split('.');
  if (purchaseId && signature && /^[0-9a-f-]{36}$/i.test(purchaseId)) {
    const expected = Buffer.from(tokenSignature(secret, purchaseId));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return purchaseId;
  }
  throw new DomainError('not_found', 'This return link is not valid. Use the link in your delivery email.');
}

/**
 * Where the delivery email sends a buyer to return: a guest to the signed page, a member to their
 * order's return page, in the order's language.
 */
export function returnLink(
  config: Pick<AppConfig, 'storefrontUrl' | 'jwtSecret'>,
  purchaseId: string,
  guest: boolean,
  locale: ShopLocale = 'en',
): string {
  const path = guest ? `/returns/${returnToken(config.jwtSecret, purchaseId)}` : `/orders/${purchaseId}/return`;
  return new URL(shopPagePath(path, locale), config.storefrontUrl).toString();
}
