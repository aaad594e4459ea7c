import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db';
import { inTransaction, isConflictError } from './transaction';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await sql`CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL)`.execute(database.db);
  await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(database.db);
});
afterAll(() => database.cleanup());

/** Resolves once `count` callers have arrived: both transactions hold their first row before either asks for the second. */
function meeting(count: number) {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => (open = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return all;
  };
}

const bump = (trx: Parameters<Parameters<typeof inTransaction>[1]>[0], id: number) =>
  sql`UPDATE counters SET value = value + 1 WHERE id = ${id}`.execute(trx);

// PGlite runs one transaction at a time, so two can never wait on each other there.
describe.runIf(process.env.TEST_DB === 'postgres')('a transaction PostgreSQL gives up for a deadlock', () => {
  it('is run again, so both sides finish and each change is made once', async () => {
    const arrive = meeting(2);
    let runs = 0;
    const crossing = (first: number, second: number) =>
      inTransaction(database.db, async (trx) => {
        runs += 1;
        await bump(trx, first);
        if (runs <= 2) await arrive();
        await bump(trx, second);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    // One of the two was chosen as the deadlock's victim and ran a second time.
    expect(runs).toBe(3);
    const rows = await sql<{ id: number; value: number }>`SELECT id, value FROM counters ORDER BY id`.execute(database.db);
    expect(rows.rows).toEqual([
      { id: 1, value: 2 },
      { id: 2, value: 2 },
    ]);
  });

  it('without the retry, is the deadlock error the API answers 503 busy for', async () => {
    const arrive = meeting(2);
    const crossing = (first: number, second: number) =>
      database.db.transaction().execute(async (trx) => {
        await bump(trx, first);
        await arrive();
        await bump(trx, second);
      });
    const outcomes = await Promise.allSettled([crossing(1, 2), crossing(2, 1)]);
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isConflictError(failed[0].reason)).toBe(true);
  });
});
