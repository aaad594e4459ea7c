import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, Transaction, TransactionSettings } from 'kysely';
import type { Kysely } from 'kysely';

import type { Database } from './schema.js';

type Db = Kysely<Database>;

/**
 * PostgreSQL gives up one of two transactions that wait on each other (deadlock_detected) and, at
 * stricter isolation, one that read what another changed (serialization_failure). Neither did
 * anything: running it again is safe, and is what PostgreSQL's documentation asks (ADR 043).
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/** Tries of one transaction or statement before its conflict is answered 503 busy. */
export const CONFLICT_ATTEMPTS = 5;

export function isConflictError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

/** A short pause that grows and differs between the two sides, so they do not meet again at once. */
function pause(attempt: number): Promise<void> {
  const ms = 5 * 2 ** attempt + Math.random() * 20;
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isConflictError(error) || attempt >= CONFLICT_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
}

export type Trx = Transaction<Database>;

/**
 * Runs `work` in a transaction, and runs it again from the start when PostgreSQL gave it up for a
 * deadlock or a serialization failure. `work` must do nothing outside the database that a second run
 * would repeat (mail is queued in the database; providers are called after the transaction).
 */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return retryingConflicts(() => db.transaction().execute(work));
}

/** A statement run on its own (outside a transaction) is retried the same way, by its connection. */
class ConflictRetryingConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    return retryingConflicts(() => this.inner.executeQuery<R>(query));
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class ConflictRetryingDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, ConflictRetryingConnection>();
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new ConflictRetryingConnection(connection);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const wrapped = connection as ConflictRetryingConnection;
    wrapped.inTransaction = true;
    await this.inner.beginTransaction(wrapped.inner, settings);
  }

  async commitTransaction(connection: DatabaseConnection) {
    const wrapped = connection as ConflictRetryingConnection;
    try {
      await this.inner.commitTransaction(wrapped.inner);
    } finally {
      wrapped.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const wrapped = connection as ConflictRetryingConnection;
    try {
      await this.inner.rollbackTransaction(wrapped.inner);
    } finally {
      wrapped.inTransaction = false;
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    const wrapped = connection as ConflictRetryingConnection;
    wrapped.inTransaction = false;
    return this.inner.releaseConnection(wrapped.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** The dialect with its statements outside transactions retried on a deadlock or serialization failure. */
export function withConflictRetries(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new ConflictRetryingDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
