import { sql } from 'kysely';

import type { DatabaseHandle, Db, Listener } from '../db/database.js';
import type { Logger } from './logger.js';
import { shopperCaches, type ShopperView } from './shopper-caches.js';
import type { Stock } from './stock-counted.js';

export { CARTS_KEPT_MAX, CREDITS_KEPT_MAX, USERS_KEPT_MAX, WISHLISTS_KEPT_MAX } from './shopper-caches.js';

/**
 * What lets an API instance answer catalogue reads from memory (issue #21, ADR 035): it listens to
 * the database's announcements (migration 023) and keeps every variant's stock, updated in place as
 * each message arrives, and a number that moves whenever the kept catalogue is out of date. While it
 * does not listen (before it starts, after its connection was lost, in tests that do not start it),
 * `listening` is false and the catalogue asks the database as before.
 */
export interface CatalogueWatch extends ShopperView {
  readonly listening: boolean;
  /** Moves on at every catalogue change announced, and when listening (re)starts. */
  readonly catalogueEpoch: number;
  /** Moves on at every message (stock or catalogue) and whenever the watch forgets: answers built before are out of date. */
  readonly changes: number;
  /** How many times the whole stock was read (once per start and per catalogue change; not per stock move). */
  readonly stockLoads: number;
  /** Every variant's stock as it is now; null while the watch is not listening. */
  stock(): Promise<ReadonlyMap<string, Stock>> | null;
  /** Answers once every change committed before the call has been taken in. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const watches = new WeakMap<Db, CatalogueWatch>();

/** The watch started for a database, if any. */
export const watchOf = (db: Db): CatalogueWatch | undefined => watches.get(db);

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/** Starts listening for `handle`'s catalogue; retries in the background when the database is not reachable. */
export async function watchCatalogue(handle: DatabaseHandle, log: Pick<Logger, 'info' | 'error'>): Promise<CatalogueWatch> {
  let listener: Listener | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let catalogueEpoch = 0;
  const stock = keptStock(handle.db);
  let changes = 0;
  const shoppers = shopperCaches(() => listener !== null);

  const forget = () => {
    changes += 1;
    catalogueEpoch += 1;
    stock.forget();
    shoppers.drop();
  };

  const onMessage = (payload: string) => {
    // Variants may have come or gone: the stock is read again as a whole.
    if (payload === 'catalogue') return forget();
    // A shopper's matter, not the catalogue's: kept catalogue answers stay.
    if (shoppers.onMessage(payload)) return;
    const move = stockMove(payload);
    if (!move) return;
    changes += 1;
    // A cart line shows its variant's stock.
    shoppers.dropCarts();
    stock.set(move.id, move.value);
  };

  const onLost = (error: Error) => {
    listener = null;
    forget();
    if (closed) return;
    log.error(`catalogue watch: connection lost (${error.message}); reading the catalogue from the database until it is back`);
    retry();
  };

  const channel = await channelOf(handle.db);

  const start = async () => {
    try {
      const started = await handle.listen(channel, onMessage, onLost);
      if (closed) {
        await started.close();
        return;
      }
      listener = started;
      retryMs = RETRY_FIRST_MS;
      // Whatever was kept before may have missed a message.
      forget();
    } catch (error) {
      if (closed) return;
      log.error(`catalogue watch: cannot listen (${(error as Error).message}); retrying`);
      retry();
    }
  };

  function retry() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(start, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  // The shoppers' part (users, carts, wishlists, credit) is the caches' own, getters included.
  const watch = Object.defineProperties<Omit<CatalogueWatch, keyof ShopperView>>(
    {
      get listening() {
        return listener !== null;
      },
      get catalogueEpoch() {
        return catalogueEpoch;
      },
      get changes() {
        return changes;
      },
      get stockLoads() {
        return stock.loads;
      },
      stock() {
        return listener ? stock.read() : null;
      },
      settle: async () => {
        await listener?.settle();
      },
      close: async () => {
        closed = true;
        clearTimeout(retryTimer);
        const current = listener;
        listener = null;
        forget();
        watches.delete(handle.db);
        await current?.close();
      },
    },
    Object.getOwnPropertyDescriptors(shoppers.view),
  ) as CatalogueWatch;
  watches.set(handle.db, watch);
  await start();
  return watch;
}

/** The channel of this database schema's announcements. */
async function channelOf(db: Db): Promise<string> {
  return `shop_catalogue_${(await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0].schema}`;
}

/** A 'stock <variant id> <quantity>' message, read; null for any other. */
function stockMove(payload: string): { id: string; value: number } | null {
  const [kind, id, quantity] = payload.split(' ');
  return kind === 'stock' && id && quantity !== undefined ? { id, value: Number(quantity) } : null;
}

/** Every variant's stock, whole or absent; `generation` moves whenever what is loading may have missed something. */
function keptStock(db: Db) {
  let stock: Map<string, Stock> | null = null;
  let loading: Promise<Map<string, Stock>> | null = null;
  let arrivedWhileLoading: Map<string, Stock> | null = null;
  let generation = 0;
  let loads = 0;
  const load = async () => {
    const loadingGeneration = generation;
    loads += 1;
    const arrived = new Map<string, Stock>();
    arrivedWhileLoading = arrived;
    try {
      const rows = await db.selectFrom('product_variants').select(['id', 'stock_quantity']).execute();
      const loaded = new Map(rows.map((row) => [row.id, row.stock_quantity]));
      // A message is never older than the rows read while it arrived (they come in commit order).
      for (const [id, value] of arrived) loaded.set(id, value);
      if (loadingGeneration === generation) {
        stock = loaded;
        arrivedWhileLoading = null;
        loading = null;
      }
      return loaded;
    } catch (error) {
      if (loadingGeneration === generation) {
        arrivedWhileLoading = null;
        loading = null;
      }
      throw error;
    }
  };
  return {
    get loads() {
      return loads;
    },
    forget() {
      generation += 1;
      stock = null;
      loading = null;
      arrivedWhileLoading = null;
    },
    /** A stock message: the kept stock and a load under way both take it. */
    set(id: string, value: number) {
      stock?.set(id, value);
      arrivedWhileLoading?.set(id, value);
    },
    read(): Promise<Map<string, Stock>> {
      if (stock) return Promise.resolve(stock);
      loading ??= load();
      return loading;
    },
  };
}
