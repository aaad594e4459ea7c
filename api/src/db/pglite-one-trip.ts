import { parse, type PGlite, protocol, type Results } from '@electric-sql/pglite';

/**
 * PGlite's `query` takes six trips into the engine per statement: parse, describe the statement
 * (to learn its parameters' types), bind, describe the portal, execute, sync. Each trip costs about
 * as much as a short read itself (issue #36: a user's order statistics, one row by key, took 0.7 to
 * 1.5 ms of CPU through `query` and 0.5 ms in one trip). The same messages but the statement's
 * description go in one buffer here: one trip, one answer, parsed by PGlite's own parsers.
 *
 * Without that description the parameters are written by their JavaScript type, which is what
 * PGlite's serializers give for them wherever they accept them: strings as they are, numbers and
 * bigints in decimal, booleans as `true`/`false`, dates as ISO 8601 in UTC, null as NULL (and what
 * node-postgres writes on PostgreSQL, but for dates, which it writes in local time with the offset:
 * the same instant). A statement with any other parameter (an array, an object, bytes) goes through
 * `query` as before, whose serializer for the column's type knows how to write it.
 */
export function oneTripQueries(client: PGlite): PGlite {
  const engine = client as unknown as {
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  };
  const { serialize } = protocol;
  const query = async <T>(text: string, params: unknown[] = []): Promise<Results<T>> => {
    if (!params.every(isPlain)) return client.query<T>(text, params);
    const values = params.map(written);
    const message = joined([
      serialize.parse({ text }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    // The locks `query` takes, in its order: no statement runs inside another's trip or transaction.
    await engine._checkReady();
    return engine._runExclusiveTransaction(() =>
      engine._runExclusiveQuery(async () => {
        let messages;
        try {
          ({ messages } = await client.execProtocol(message, { syncToFs: false }));
        } catch (error) {
          // As `query` throws it: the database's error, with the statement and its parameters.
          if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: undefined });
          throw error;
        }
        await client.syncToFs();
        return parse.parseResults(messages, client.parsers, undefined, undefined)[0] as Results<T>;
      }),
    );
  };
  // Everything else is the client's own, called on the client (its private fields are keyed by it).
  return new Proxy(client, {
    get: (target, name) => {
      if (name === 'query') return query;
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

type Plain = string | number | bigint | boolean | Date | null | undefined;

function isPlain(value: unknown): value is Plain {
  return value === null || value === undefined || value instanceof Date || ['string', 'number', 'bigint', 'boolean'].includes(typeof value);
}

function written(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
