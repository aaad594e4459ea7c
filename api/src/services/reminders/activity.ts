import type { FunnelStep } from '@contract/api/insights';

import type { Db } from '../../db/database.js';
import { noteFunnel } from '../funnel.js';
import { scheduleJob } from '../jobs.js';
import type { Logger } from '../logger.js';
import { CART_REMINDER_JOB, cartReminderKey } from './keys.js';
import { readReminderSettings } from './settings.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * What a shopper's step in a cart does beside itself: the funnel's counter, and, for a cart with an
 * owner, its reminder job moved to the first reminder's time from now (one job per cart: the key).
 * The job decides when it runs whether anything is sent. Neither holds up the shopper's request.
 */
export async function noteCartActivity(
  deps: { db: Db; log: Logger },
  now: Date,
  activity: { step: FunnelStep; productIds: readonly string[]; cartId: string | null; userId: string | null },
): Promise<void> {
  await noteFunnel(deps, now, activity.step, activity.productIds);
  if (!activity.cartId || !activity.userId) return;
  try {
    const settings = await readReminderSettings(deps.db);
    await scheduleJob(deps.db, now, {
      kind: CART_REMINDER_JOB,
      key: cartReminderKey(activity.cartId),
      runAt: new Date(now.getTime() + settings.first_hours * HOUR_MS),
      payload: { cart_id: activity.cartId },
    });
  } catch (error) {
    deps.log.error('scheduling a cart reminder failed', error);
  }
}
