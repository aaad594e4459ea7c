import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page, TestInfo } from '@playwright/test';

/**
 * One browser context and page per worker, handed to test after test while they stay clean (ADR 079).
 * A fresh context and page per test cost 0.6 s without JavaScript and 1.2 s with it on a two-core machine
 * (a new renderer process, and every script of the shop fetched and compiled again); a page kept open
 * reuses both.
 *
 * Between two tests the page goes to `about:blank`, the listeners a test added are removed, other pages
 * are closed, and the shops' cookies, local and session storage and IndexedDB are cleared. A test that
 * changes what cannot be put back (routes, init scripts, the clock, permissions, headers, the viewport,
 * offline) marks the page spent: the next test gets a fresh context, as does the one after a failure.
 */
export type SharedPages = {
  /** The worker's page for a test whose context options are `options`: kept if clean, else made anew. */
  take(options: BrowserContextOptions, prepare: (page: Page) => Promise<void>): Promise<{ context: BrowserContext; page: Page }>;
  /** After a test: reset for the next one, or closed. */
  release(testInfo: TestInfo): Promise<void>;
  close(): Promise<void>;
};

/** Calls that leave state a reset cannot take back: after one, the context is not reused. */
const SPENDING_CALLS = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setExtraHTTPHeaders',
];
const SPENDING_PAGE_CALLS = [...SPENDING_CALLS, 'setViewportSize', 'emulateMedia', 'addLocatorHandler'];
const SPENDING_CONTEXT_CALLS = [...SPENDING_CALLS, 'grantPermissions', 'setGeolocation', 'setOffline', 'setHTTPCredentials'];
const LISTENER_CALLS = ['on', 'once', 'addListener', 'prependListener'] as const;

/** Every origin a shop of this run answers on: their storage is cleared between tests. */
function shopOrigins(): string[] {
  const shops = JSON.parse(process.env.E2E_SHOPS ?? '{}') as Record<string, { web: string; api: string }>;
  const ports = [...Object.values(shops).flatMap(({ web, api }) => [web, api]), process.env.E2E_EDGE_PORT].filter(Boolean);
  return ports.map((port) => `http://127.0.0.1:${port}`);
}

type Kept = {
  key: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  spent: boolean;
  listeners: Array<[string, (...args: unknown[]) => void]>;
};

export function sharedPages(browser: Browser): SharedPages {
  let kept: Kept | null = null;
  const origins = shopOrigins();

  const drop = async () => {
    const old = kept;
    kept = null;
    await old?.context.close().catch(() => undefined);
  };

  /** Wraps `names` on `target` so that calling any of them marks the kept page spent. */
  const spendOn = (target: object, names: readonly string[], entry: Kept) => {
    const methods = target as Record<string, unknown>;
    for (const name of names) {
      const original = methods[name];
      if (typeof original !== 'function') continue;
      methods[name] = function (this: unknown, ...args: unknown[]) {
        entry.spent = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };

  return {
    async take(options, prepare) {
      const key = JSON.stringify(options);
      if (kept && (kept.key !== key || kept.spent || kept.page.isClosed())) await drop();
      if (!kept) {
        const context = await browser.newContext(options);
        const page = await context.newPage();
        await prepare(page);
        const entry: Kept = { key, context, page, cdp: await context.newCDPSession(page), spent: false, listeners: [] };
        spendOn(page, SPENDING_PAGE_CALLS, entry);
        spendOn(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'runFor', 'fastForward', 'pauseAt'], entry);
        spendOn(context, SPENDING_CONTEXT_CALLS, entry);
        // Listeners a test adds are taken off after it (Playwright's own, added before, stay).
        const events = page as unknown as Record<string, unknown>;
        for (const name of LISTENER_CALLS) {
          const original = events[name] as (event: string, listener: (...args: unknown[]) => void) => Page;
          events[name] = (event: string, listener: (...args: unknown[]) => void) => {
            entry.listeners.push([event, listener]);
            return original.call(page, event, listener);
          };
        }
        kept = entry;
      }
      return { context: kept.context, page: kept.page };
    },

    async release(testInfo) {
      const entry = kept;
      if (!entry) return;
      if (entry.spent || testInfo.status !== testInfo.expectedStatus || entry.page.isClosed()) return drop();
      try {
        const emitter = entry.page as unknown as { off(event: string, listener: (...args: unknown[]) => void): void };
        for (const [event, listener] of entry.listeners.splice(0)) emitter.off(event, listener);
        for (const other of entry.context.pages()) if (other !== entry.page) await other.close();
        // The tab's session storage (the origins' own storage is cleared below), then away from the
        // shop: no timer or request of this test's pages runs into the next one.
        if (entry.page.url().startsWith('http')) await entry.page.evaluate(() => sessionStorage.clear());
        await entry.page.goto('about:blank');
        await entry.context.clearCookies();
        await Promise.all(
          origins.map((origin) =>
            entry.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,cache_storage,service_workers' }),
          ),
        );
      } catch {
        await drop();
      }
    },

    close: drop,
  };
}
