import { marketingAnswerSchema } from '@contract/api/insights';

import { ApiRequestError } from './api.server';
import type { ShopContext } from './context.server';
import type { MessageKey } from './i18n';

/** The links of marketing emails: the double opt-in's confirmation, and stopping them. No sign-in needed. */
export type MarketingLink = 'confirm' | 'unsubscribe';

/** Posts the link's token to the API; answers the message key the page shows, and whether it worked. */
export async function followMarketingLink(
  context: ShopContext,
  link: MarketingLink,
  token: string,
): Promise<{ ok: boolean; key: MessageKey }> {
  try {
    await context.visitorApi.request('POST', `marketing/${link}`, marketingAnswerSchema, { body: { token } });
    return { ok: true, key: link === 'confirm' ? 'marketing.confirmed' : 'marketing.unsubscribed' };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status >= 500) throw error;
    return { ok: false, key: error.code === 'link_expired' ? 'marketing.linkExpired' : 'marketing.linkInvalid' };
  }
}
