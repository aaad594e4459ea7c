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
 *
 * Each statement is also kept, prepared under a name of its own, for the next time the same text
 * comes (ADR 076): the database then neither parses it again nor, once it has settled on a generic
 * plan for it (after five runs, as PostgreSQL does for any prepared statement), plans it again. A
 * signed-in page's one read spent more time being planned than run (1.8 ms against 1.2 ms for an
 * order's detail). At most `MAX_PREPARED` are kept; the least recently used is closed beyond that.
 */
export function oneTripQueries(client: PGlite, { maxPrepared = MAX_PREPARED } = {}): PGlite {
  const engine = client as unknown as {
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  };
  const { serialize } = protocol;
  /** Statement text → the name it is prepared under, least recently used first. */
  const prepared = new Map<string, string>();
  /** Names to close on the next trip: evicted, or maybe prepared by a trip that failed. */
  const toClose: string[] = [];
  let made = 0;

  const query = async <T>(text: string, params: unknown[] = []): Promise<Results<T>> => {
    if (!params.every(isPlain)) return client.query<T>(text, params);
    const values = params.map(written);
    // The locks `query` takes, in its order: no statement runs inside another's trip or transaction.
    await engine._checkReady();
    return engine._runExclusiveTransaction(() =>
      engine._runExclusiveQuery(async () => {
        let name = prepared.get(text);
        const fresh = name === undefined;
        const parts = toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
        if (name === undefined) {
          name = `filo_${(made += 1)}`;
          parts.push(serialize.parse({ text, name }));
        } else {
          prepared.delete(text);
        }
        parts.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
        let messages;
        try {
          ({ messages } = await client.execProtocol(joined(parts), { syncToFs: false }));
        } catch (error) {
          // Prepared or not, it is closed on the next trip and prepared again if it comes again (a
          // table it read may have changed shape, or its parse failed; closing a name that is not
          // there is no error).
          toClose.push(name);
          // As `query` throws it: the database's error, with the statement and its parameters.
          if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: undefined });
          throw error;
        }
        prepared.set(text, name);
        if (fresh && prepared.size > maxPrepared) {
          const [oldest, oldName] = prepared.entries().next().value as [string, string];
          prepared.delete(oldest);
          toClose.push(oldName);
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

/** Statements kept prepared per database: more than the API's distinct statements, few enough to weigh little. */
const MAX_PREPARED = 500;

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
