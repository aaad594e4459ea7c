import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { enginesStarted } from './pglite-pool';
import { createTestDatabase } from './test-db';

// The pool only serves PGlite; on PostgreSQL every file has a schema of its own.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite engines handed from one test file to the next', () => {
  const count = async (db: Awaited<ReturnType<typeof createTestDatabase>>['db'], table: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0].n);

  it('gives the next database the template rows and sequences back, whatever the last one wrote', async () => {
    const first = await createTestDatabase();
    const version = async (db: typeof first.db) => (await sql<{ version: string }>`SELECT version FROM catalogue_state`.execute(db)).rows;
    const templateVersion = await version(first.db);
    await sql`INSERT INTO mail_outbox ("to", subject, text, html) VALUES ('a@b.test', 's', 't', 'h')`.execute(first.db);
    await sql`UPDATE catalogue_state SET version = version + 41`.execute(first.db);
    const logged = sql<{ id: string }>`INSERT INTO privacy_log (at, kind, actor) VALUES (now(), 'export', 'shopper') RETURNING id`;
    const firstId = (await logged.execute(first.db)).rows[0].id;
    await first.cleanup();

    const started = enginesStarted();
    const second = await createTestDatabase();
    expect(enginesStarted()).toBe(started);
    expect(await count(second.db, 'mail_outbox')).toBe(0);
    expect(await version(second.db)).toEqual(templateVersion);
    expect((await logged.execute(second.db)).rows[0].id).toBe(firstId);
    await second.cleanup();
  });

  it('empties tables that others refer to, and hands the same engine on', async () => {
    const first = await createTestDatabase();
    const user = sql<{
      id: string;
    }>`INSERT INTO users (email, user_type, session_expires_at) VALUES ('ada@example.test', 'guest', now() + interval '1 hour') RETURNING id`;
    const { id } = (await user.execute(first.db)).rows[0];
    await sql`INSERT INTO consents (user_id, kind, policy_version, given_at) VALUES (${id}, 'marketing', '1', now())`.execute(first.db);
    await first.cleanup();
    const started = enginesStarted();
    const second = await createTestDatabase();
    expect(enginesStarted()).toBe(started);
    expect(await count(second.db, 'users')).toBe(0);
    expect(await count(second.db, 'consents')).toBe(0);
    // The same email again: nothing of the last file's user is left to clash with.
    await user.execute(second.db);
    await second.cleanup();
  });

  it('refuses every statement once released, so a leftover timer cannot write into the next file', async () => {
    const database = await createTestDatabase();
    await database.cleanup();
    await expect(sql`SELECT 1`.execute(database.db)).rejects.toThrow();
  });

  it('does not hand on an engine whose structure a test changed, nor a session setting', async () => {
    const first = await createTestDatabase();
    await sql`CREATE TABLE left_over (id int)`.execute(first.db);
    await sql`SET statement_timeout = '1234ms'`.execute(first.db);
    await first.cleanup();
    const second = await createTestDatabase();
    const tables = await sql<{ n: string }>`SELECT count(*) AS n FROM pg_class WHERE relname = 'left_over'`.execute(second.db);
    expect(Number(tables.rows[0].n)).toBe(0);
    const timeout = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(second.db);
    expect(timeout.rows[0].statement_timeout).toBe('0');
    await second.cleanup();
  });
});
