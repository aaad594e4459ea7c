import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { oneTripQueries } from './pglite-one-trip.js';

describe('PGlite statements in one trip', () => {
  let client: PGlite;
  let fast: PGlite;

  beforeAll(async () => {
    client = new PGlite();
    fast = oneTripQueries(client);
    await client.exec(`CREATE TABLE t (
      id serial PRIMARY KEY, name text NOT NULL UNIQUE, n int, big bigint, price numeric(10, 2), ok boolean,
      at timestamptz, local timestamp, day date, doc jsonb, tags text[])`);
  });
  afterAll(() => client.close());

  const insert = `INSERT INTO t (name, n, big, price, ok, at, local, day, doc) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`;
  const at = new Date('2026-11-29T04:05:06.789Z');

  it('writes plain parameters as query does, and answers the same rows and counts', async () => {
    const values = (name: string) => [name, 42, 9007199254740993n, '12.50', true, at, at, at, '{"a": [1, 2]}'];
    const slow = await client.query(insert, values('slow'));
    const quick = await fast.query(insert, values('quick'));
    const { id: _slow, name: _a, ...slowRow } = slow.rows[0] as Record<string, unknown>;
    const { id: _quick, name: _b, ...quickRow } = quick.rows[0] as Record<string, unknown>;
    expect(quickRow).toEqual(slowRow);
    expect(quickRow).toMatchObject({ n: 42, big: 9007199254740993n, ok: true, at, doc: { a: [1, 2] } });
    expect(quick.fields.map((f) => f.name)).toEqual(slow.fields.map((f) => f.name));
    expect(quick.affectedRows).toBe(slow.affectedRows);

    const read = `SELECT name, ok FROM t WHERE at = $1 AND ok = $2 AND n > $3 AND local = $4 ORDER BY name`;
    expect((await fast.query(read, [at, true, 41, at])).rows).toEqual((await client.query(read, [at, true, 41, at])).rows);
    expect((await fast.query(read, [at, false, 41, at])).rows).toEqual([]);
    const nulls = await fast.query(`UPDATE t SET n = $1, doc = $2 WHERE name = $3`, [null, undefined, 'quick']);
    expect(nulls.affectedRows).toBe(1);
    expect((await fast.query(`SELECT n, doc FROM t WHERE name = 'quick'`)).rows).toEqual([{ n: null, doc: null }]);
  });

  it('sends a statement with an array or object parameter through query, whose serializers know the column', async () => {
    await fast.query(`UPDATE t SET tags = $1, doc = $2 WHERE name = $3`, [['a', 'b,c'], { k: 'v' }, 'slow']);
    expect((await fast.query(`SELECT tags, doc FROM t WHERE name = $1`, ['slow'])).rows).toEqual([{ tags: ['a', 'b,c'], doc: { k: 'v' } }]);
  });

  it('throws the database error with the statement, and the next statement runs', async () => {
    const error = await fast.query(insert, ['slow', 1, 1n, '1', false, at, at, at, '{}']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert });
    expect(await fast.query('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('keeps a transaction of several statements and its rollback', async () => {
    await fast.query('BEGIN');
    await fast.query(`UPDATE t SET n = $1 WHERE name = $2`, [7, 'slow']);
    expect((await fast.query(`SELECT n FROM t WHERE name = $1`, ['slow'])).rows).toEqual([{ n: 7 }]);
    await fast.query('ROLLBACK');
    expect((await fast.query(`SELECT n FROM t WHERE name = $1`, ['slow'])).rows).toEqual([{ n: 42 }]);
  });

  it('prepares each statement once, under a name, and runs it again from there', async () => {
    const read = `SELECT count(*)::int AS n FROM t WHERE name <> $1`;
    for (const name of ['a', 'b', 'c']) await fast.query(read, [name]);
    const kept = await client.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE statement = $1`, [read]);
    expect(kept.rows).toHaveLength(1);
    expect((await fast.query(read, ['slow'])).rows).toEqual([{ n: 1 }]);
  });

  it('reads a table whose shape changed since its statement was prepared, after one refusal', async () => {
    await client.exec(`CREATE TABLE shape (id int)`);
    await client.exec(`INSERT INTO shape VALUES (1)`);
    const read = `SELECT * FROM shape WHERE id = $1`;
    expect((await fast.query(read, [1])).rows).toEqual([{ id: 1 }]);
    await client.exec(`ALTER TABLE shape ADD COLUMN label text DEFAULT 'x'`);
    // PostgreSQL refuses a prepared plan whose columns changed; the statement is prepared again after.
    const refused = await fast.query(read, [1]).then(
      (result) => result.rows,
      (error: unknown) => error,
    );
    if (!Array.isArray(refused)) expect(refused).toMatchObject({ code: '0A000' });
    expect((await fast.query(read, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
  });

  it('rolls back a transaction a statement failed in, with statements to close on the way', async () => {
    await fast.query('BEGIN');
    await fast.query(`UPDATE t SET n = $1 WHERE name = $2`, [8, 'slow']);
    await expect(fast.query(`SELECT 1/0 AS boom WHERE $1::int > 0`, [1])).rejects.toMatchObject({ code: '22012' });
    await fast.query('ROLLBACK');
    expect((await fast.query(`SELECT n FROM t WHERE name = $1`, ['slow'])).rows).toEqual([{ n: 42 }]);
    expect((await fast.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('keeps at most the number of statements it is given, closing the least recently used', async () => {
    // A copy of the first engine (a memory copy; a new engine starts a database from nothing, ~5 s), with
    // none of its prepared statements: those belong to a session, not to the data.
    const other = (await client.clone()) as PGlite;
    const few = oneTripQueries(other, { maxPrepared: 3 });
    try {
      for (let i = 0; i < 6; i++) await few.query(`SELECT $1::int + ${i} AS n`, [1]);
      await few.query('SELECT 0 AS zero');
      const { rows } = await other.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements ORDER BY statement`);
      expect(rows.length).toBeLessThanOrEqual(4);
      expect(rows.map((row) => row.statement)).not.toContain('SELECT $1::int + 0 AS n');
      expect((await few.query(`SELECT $1::int + 0 AS n`, [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      await other.close();
    }
  });
});
