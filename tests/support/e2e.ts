import type { ShopName } from './e2e-shops';

/** Where the end-to-end API of this worker's shop listens (chosen by playwright.config.ts). */
export let apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT}`;

/**
 * Points this worker at its project's shop: the API the helpers call and the data folder the owner's
 * CLI and the admin token come from. A worker runs one project, so it is called once, before its tests
 * (the `shop` fixture of tests/support/e2e-test.ts).
 */
export function useShop(name: ShopName) {
  const shop = (JSON.parse(process.env.E2E_SHOPS ?? '{}') as Record<string, { api: string; dataDir: string } | undefined>)[name];
  if (!shop) throw new Error(`no end-to-end shop named ${name} (E2E_SHOPS is set by playwright.config.ts)`);
  apiUrl = `http://127.0.0.1:${shop.api}`;
  process.env.E2E_DATA_DIR = shop.dataDir;
}
