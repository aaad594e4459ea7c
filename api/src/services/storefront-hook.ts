import type { Logger } from './logger.js';

/** Path of the storefront's resource route that drops its cached catalogue. */
export const CATALOGUE_CHANGED_PATH = '/hooks/catalogue-changed';

/**
 * Tells the storefront the catalogue changed (stock), so its cache does not wait for the TTL.
 * Best effort: a storefront that is down simply refreshes when its short TTL ends.
 */
export function storefrontNotifier(storefrontUrl: string, adminToken: string, log: Logger): () => Promise<void> {
  return async () => {
    try {
      const response = await fetch(new URL(CATALOGUE_CHANGED_PATH, storefrontUrl), {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}` },
        signal: AbortSignal.timeout(2000),
      });
      if (!response.ok) log.info(`storefront cache hook answered ${response.status}`);
    } catch {
      log.info(`storefront not reachable at ${storefrontUrl}; its catalogue cache refreshes on its own`);
    }
  };
}
