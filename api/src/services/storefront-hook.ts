import type { Logger } from './logger.js';

/** Path of the storefront's resource route that drops its cached catalogue. */
export const CATALOGUE_CHANGED_PATH = '/hooks/catalogue-changed';

/**
 * Tells every storefront instance the catalogue changed (stock), so their caches do not wait for
 * the TTL. Each cache is in its own process, so each instance is called, in parallel. Best effort:
 * an instance that is down simply refreshes when its short TTL ends.
 */
export function storefrontNotifier(storefrontUrls: string | string[], adminToken: string, log: Logger): () => Promise<void> {
  const targets = [storefrontUrls].flat();
  const notify = async (storefrontUrl: string) => {
    try {
      const response = await fetch(new URL(CATALOGUE_CHANGED_PATH, storefrontUrl), {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}` },
        signal: AbortSignal.timeout(2000),
      });
      if (!response.ok) log.info(`storefront cache hook at ${storefrontUrl} answered ${response.status}`);
    } catch {
      log.info(`storefront not reachable at ${storefrontUrl}; its catalogue cache refreshes on its own`);
    }
  };
  return async () => {
    await Promise.all(targets.map(notify));
  };
}
