import { sql } from 'kysely';

import type { DatabaseHandle, Db, Listener } from '../db/database.js';
import type { Logger } from './logger.js';

/**
 * What lets an API instance answer catalogue reads from memory (issue #21, ADR 035): it listens to
 * the database's announcements (migration 023) and keeps every variant's stock, updated in place as
 * each message arrives, and a number that moves whenever the kept catalogue is out of date. While it
 * does not listen (before it starts, after its connection was lost, in tests that do not start it),
 * `listening` is false and the catalogue asks the database as before.
 */
export interface CatalogueWatch {
  readonly listening: boolean;
  /** Moves on at every catalogue change announced, and when listening (re)starts. */
  readonly catalogueEpoch: number;
  /** Moves on at every message (stock or catalogue) and whenever the watch forgets: answers built before are out of date. */
  readonly changes: number;
  /** How many times the whole stock was read (once per start and per catalogue change; not per stock move). */
  readonly stockLoads: number;
  /** Every variant's stock as it is now; null while the watch is not listening. */
  stock(): Promise<ReadonlyMap<string, number>> | null;
  /**
   * A user's row as `read` gives it, kept while the watch listens until a 'user <id>' message
   * (migration 024) or a lost connection drops it; read every time while it does not listen.
   */
  user<T extends object>(id: string, read: () => Promise<T | undefined>): Promise<T | undefined>;
  /** How many users' rows are kept. */
  readonly usersKept: number;
  /**
   * A shopper's cart as `read` gives it, under `owner` ('user <id>' or 'cart <id>'), kept while the
   * watch listens until a 'cart <id>' message for it (migration 025), any stock or catalogue message
   * (its lines show prices and stock), or a lost connection; read every time while it does not
   * listen. Only an answer with a cart is kept (a first cart comes with a row of its own).
   */
  cart<T extends { cart_id?: string | null }>(owner: string, read: () => Promise<T>): Promise<T>;
  /** The kept cart of `owner`, if any (never read). */
  keptCart<T extends { cart_id?: string | null }>(owner: string): T | undefined;
  /** How many carts are kept. */
  readonly cartsKept: number;
  /**
   * A shopper's waiting back-in-stock requests as `read` gives them, by email, kept while the watch
   * listens until a 'wishlist <email>' message (migration 025) or a lost connection drops them.
   */
  wishlist<T extends object>(email: string, read: () => Promise<T>): Promise<T>;
  /** How many shoppers' wishlists are kept. */
  readonly wishlistsKept: number;
  /** Answers once every change committed before the call has been taken in. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const watches = new WeakMap<Db, CatalogueWatch>();

/** The watch started for a database, if any. */
export const watchOf = (db: Db): CatalogueWatch | undefined => watches.get(db);

const RETRY_FIRST_MS = 500;
/** The most users' rows kept per instance (the oldest kept goes first). */
export const USERS_KEPT_MAX = 10_000;
/** The most carts kept per instance (the oldest kept goes first). */
export const CARTS_KEPT_MAX = 10_000;
/** The most wishlists kept per instance (the oldest kept goes first). */
export const WISHLISTS_KEPT_MAX = 10_000;
const RETRY_MAX_MS = 30_000;

/** Starts listening for `handle`'s catalogue; retries in the background when the database is not reachable. */
export async function watchCatalogue(handle: DatabaseHandle, log: Pick<Logger, 'info' | 'error'>): Promise<CatalogueWatch> {
  const { db } = handle;
  let listener: Listener | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let catalogueEpoch = 0;
  // The stock is whole or absent; `generation` moves whenever what is loading may have missed something.
  let stock: Map<string, number> | null = null;
  let loading: Promise<Map<string, number>> | null = null;
  let arrivedWhileLoading: Map<string, number> | null = null;
  let generation = 0;
  let stockLoads = 0;
  let changes = 0;
  // Users' rows by id; carts by owner and wishlists by email, frozen (callers only read them).
  const users = keptByKey<object>(USERS_KEPT_MAX);
  const carts = keptByKey<{ cartId: string; answer: object }>(CARTS_KEPT_MAX);
  const wishlists = keptByKey<object>(WISHLISTS_KEPT_MAX);
  const listening = () => listener !== null;

  const forget = () => {
    changes += 1;
    catalogueEpoch += 1;
    generation += 1;
    stock = null;
    loading = null;
    arrivedWhileLoading = null;
    users.drop();
    carts.drop();
    wishlists.drop();
  };

  const onMessage = (payload: string) => {
    if (payload === 'catalogue') {
      // Variants may have come or gone: the stock is read again as a whole.
      forget();
      return;
    }
    // A shopper's matter, not the catalogue's: kept catalogue answers stay ('*': all of that kind).
    const space = payload.indexOf(' ');
    const subject = payload.slice(space + 1);
    switch (payload.slice(0, space)) {
      case 'user':
        users.drop(subject === '*' ? undefined : subject);
        return;
      case 'wishlist':
        wishlists.drop(subject === '*' ? undefined : subject);
        return;
      case 'cart':
        if (subject === '*') carts.drop();
        else carts.dropWhere((kept) => kept.cartId === subject);
        return;
    }
    const [kind, id, quantity] = payload.split(' ');
    if (kind !== 'stock' || !id || quantity === undefined) return;
    const value = Number(quantity);
    changes += 1;
    // A cart line shows its variant's stock.
    carts.drop();
    stock?.set(id, value);
    arrivedWhileLoading?.set(id, value);
  };

  const onLost = (error: Error) => {
    listener = null;
    forget();
    if (closed) return;
    log.error(`catalogue watch: connection lost (${error.message}); reading the catalogue from the database until it is back`);
    retry();
  };

  const channel = `shop_catalogue_${(await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0].schema}`;

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

  const load = async () => {
    const loadingGeneration = generation;
    stockLoads += 1;
    const arrived = new Map<string, number>();
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

  const watch: CatalogueWatch = {
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
      return stockLoads;
    },
    stock() {
      if (!listener) return null;
      if (stock) return Promise.resolve(stock);
      loading ??= load();
      return loading;
    },
    async user<T extends object>(id: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
      const kept = listener ? (users.get(id) as T | undefined) : undefined;
      // A copy each time: a caller that changes what it got cannot change what is kept.
      if (kept) return { ...kept };
      return users.read(id, read, (row) => (row ? { ...row } : undefined), listening);
    },
    get usersKept() {
      return users.size;
    },
    async cart<T extends { cart_id?: string | null }>(owner: string, read: () => Promise<T>): Promise<T> {
      const kept = watch.keptCart<T>(owner);
      if (kept) return kept;
      return carts.read(
        owner,
        read,
        (answer) => (answer.cart_id ? { cartId: answer.cart_id, answer: deepFreeze(answer) } : undefined),
        listening,
      );
    },
    keptCart<T extends { cart_id?: string | null }>(owner: string): T | undefined {
      return listener ? (carts.get(owner)?.answer as T | undefined) : undefined;
    },
    get cartsKept() {
      return carts.size;
    },
    async wishlist<T extends object>(email: string, read: () => Promise<T>): Promise<T> {
      const kept = listener ? (wishlists.get(email) as T | undefined) : undefined;
      if (kept) return kept;
      return wishlists.read(email, read, deepFreeze, listening);
    },
    get wishlistsKept() {
      return wishlists.size;
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
      watches.delete(db);
      await current?.close();
    },
  };
  watches.set(db, watch);
  await start();
  return watch;
}

/** `value` and everything in it made read-only: a kept answer handed to many requests cannot be changed by one. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Values kept by key, at most `max` (the oldest kept goes first). Every drop moves a generation, so
 * an answer read while something was dropped is not kept: the change may have overtaken the read.
 */
function keptByKey<V>(max: number) {
  const values = new Map<string, V>();
  let generation = 0;
  return {
    get size() {
      return values.size;
    },
    get: (key: string) => values.get(key),
    /** Drops the value of `key`, or every value. */
    drop(key?: string) {
      if (key === undefined) values.clear();
      else values.delete(key);
      generation += 1;
    },
    dropWhere(stale: (value: V) => boolean) {
      for (const [key, value] of values) if (stale(value)) values.delete(key);
      generation += 1;
    },
    /** `read`'s answer, kept under `key` as `keep` makes it (not when it makes nothing) while `listening()`. */
    async read<T>(key: string, read: () => Promise<T>, keep: (answer: T) => V | undefined, listening: () => boolean): Promise<T> {
      const readGeneration = generation;
      const answer = await read();
      const value = keep(answer);
      if (value !== undefined && listening() && readGeneration === generation) {
        if (values.size >= max) values.delete(values.keys().next().value!);
        values.set(key, value);
      }
      return answer;
    },
  };
}
