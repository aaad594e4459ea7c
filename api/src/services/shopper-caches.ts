/*
 * What the catalogue watch keeps besides the catalogue: shoppers' user rows, carts, wishlists and
 * store credit, each dropped by its own announcement ('user <id>', 'cart <id>', 'wishlist <email>',
 * 'credit <user id>'; '*' for all of that kind), and all of them when the watch forgets.
 */

/** The most users' rows kept per instance (the oldest kept goes first). */
export const USERS_KEPT_MAX = 10_000;
/** The most carts kept per instance (the oldest kept goes first). */
export const CARTS_KEPT_MAX = 10_000;
/** The most wishlists kept per instance (the oldest kept goes first). */
export const WISHLISTS_KEPT_MAX = 10_000;
/** The most store credit balances kept per instance (the oldest kept goes first). */
export const CREDITS_KEPT_MAX = 10_000;

/** What the catalogue watch answers about shoppers (its members from these caches). */
export interface ShopperView {
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
  /**
   * A customer's store credit in cents as `read` gives it, kept while the watch listens until a
   * 'credit <user id>' message (migration 048) or a lost connection drops it; read every time while it
   * does not listen. What a checkout spends is read in its own transaction, never from here.
   */
  storeCredit(userId: string, read: () => Promise<number>): Promise<number>;
  /** How many balances are kept. */
  readonly creditsKept: number;
}

/** The shoppers' kept rows; `listening` says whether the watch hears changes (nothing is kept while it does not). */
export function shopperCaches(listening: () => boolean) {
  // Users' rows by id; carts by owner and wishlists by email, frozen (callers only read them).
  const users = keptByKey<object>(USERS_KEPT_MAX);
  const carts = keptByKey<{ cartId: string; answer: object }>(CARTS_KEPT_MAX);
  const wishlists = keptByKey<object>(WISHLISTS_KEPT_MAX);
  // Balances by user id, in cents (a customer without a row has 0, kept too: a first credit announces itself).
  const credits = keptByKey<{ balance: number }>(CREDITS_KEPT_MAX);
  function keptCart<T extends { cart_id?: string | null }>(owner: string): T | undefined {
    return listening() ? (carts.get(owner)?.answer as T | undefined) : undefined;
  }
  return {
    drop() {
      users.drop();
      carts.drop();
      wishlists.drop();
      credits.drop();
    },
    dropCarts() {
      carts.drop();
    },
    /** Takes in a shopper's announcement; false when `payload` is about something else. */
    onMessage(payload: string): boolean {
      const space = payload.indexOf(' ');
      const subject = payload.slice(space + 1);
      switch (payload.slice(0, space)) {
        case 'user':
          users.drop(subject === '*' ? undefined : subject);
          return true;
        case 'wishlist':
          wishlists.drop(subject === '*' ? undefined : subject);
          return true;
        case 'credit':
          credits.drop(subject === '*' ? undefined : subject);
          return true;
        case 'cart':
          if (subject === '*') carts.drop();
          else carts.dropWhere((kept) => kept.cartId === subject);
          return true;
      }
      return false;
    },
    /** What the watch answers of them (CatalogueWatch's shopper members), getters included. */
    view: {
      async user<T extends object>(id: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
        const kept = listening() ? (users.get(id) as T | undefined) : undefined;
        // A copy each time: a caller that changes what it got cannot change what is kept.
        if (kept) return { ...kept };
        return users.read(id, read, (row) => (row ? { ...row } : undefined), listening);
      },
      get usersKept() {
        return users.size;
      },
      async cart<T extends { cart_id?: string | null }>(owner: string, read: () => Promise<T>): Promise<T> {
        const kept = keptCart<T>(owner);
        if (kept) return kept;
        return carts.read(
          owner,
          read,
          (answer) => (answer.cart_id ? { cartId: answer.cart_id, answer: deepFreeze(answer) } : undefined),
          listening,
        );
      },
      keptCart,
      get cartsKept() {
        return carts.size;
      },
      async wishlist<T extends object>(email: string, read: () => Promise<T>): Promise<T> {
        const kept = listening() ? (wishlists.get(email) as T | undefined) : undefined;
        if (kept) return kept;
        return wishlists.read(email, read, deepFreeze, listening);
      },
      get wishlistsKept() {
        return wishlists.size;
      },
      async storeCredit(userId: string, read: () => Promise<number>): Promise<number> {
        const kept = listening() ? credits.get(userId) : undefined;
        if (kept) return kept.balance;
        return credits.read(userId, read, (balance) => ({ balance }), listening);
      },
      get creditsKept() {
        return credits.size;
      },
    } satisfies ShopperView,
  };
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
