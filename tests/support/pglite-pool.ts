import type { PGlite } from '@electric-sql/pglite';

/**
 * Migrated PGlite databases handed from one test file to the next within a vitest worker process.
 *
 * Starting a PGlite engine from the migrated template costs about 1.3 s of CPU (the engine's boot,
 * not the data): most of a database suite's time when every file opens one or more. A file's
 * database is therefore put back when the file is done, emptied to the template's rows, and the next
 * file of the same worker takes it. What a file sees is what a fresh copy would show:
 * - every table holds exactly the template's rows again, and every sequence its template value;
 * - the session is reset (settings, prepared statements, listeners, advisory locks, temporary tables);
 * - a database whose structure a test changed (a table, a column, a function, a trigger, a schema) is
 *   closed rather than reused, and so is one whose reset failed;
 * - a released lease refuses every statement, so a timer left running by one file cannot write into
 *   the next file's data.
 */

interface TemplateState {
  fingerprint: string;
  tables: { name: string; columns: string[]; rows: string | null }[];
  sequences: { name: string; value: string; called: boolean }[];
}

const STRUCTURE = `
SELECT md5(coalesce(string_agg(x, ',' ORDER BY x), '')) AS fingerprint FROM (
  SELECT 'n:' || nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_temp\\_%' AND nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  UNION ALL
  SELECT 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
  UNION ALL
  SELECT 'a:' || c.relname || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT 'k:' || conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL
  SELECT 't:' || tgname || ':' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL
  SELECT 'p:' || p.proname || ':' || md5(p.prosrc) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL
  SELECT 'e:' || extname FROM pg_extension
) AS structure(x)`;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function readState(client: PGlite): Promise<TemplateState> {
  const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(STRUCTURE)).rows;
  const tables = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      GROUP BY c.relname ORDER BY c.relname`,
  );
  const withRows = [];
  for (const table of tables.rows) {
    const list = table.columns.map(quoted).join(', ');
    const [{ rows }] = (
      await client.query<{ rows: string | null }>(
        `SELECT json_agg(row_to_json(t))::text AS rows FROM (SELECT ${list} FROM ${quoted(table.name)}) t`,
      )
    ).rows;
    withRows.push({ ...table, rows });
  }
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(
    `SELECT sequencename AS name, coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
       FROM pg_sequences WHERE schemaname = 'public'`,
  );
  return { fingerprint, tables: withRows, sequences: sequences.rows };
}

/** Back to the template's rows and sequences; false when the structure is no longer the template's. */
async function reset(client: PGlite, template: TemplateState): Promise<boolean> {
  // A transaction a test left open (or broken) ends here; outside one this only warns.
  await client.exec('ROLLBACK');
  await client.exec('DISCARD ALL');
  const [{ fingerprint }] = (await client.query<{ fingerprint: string }>(STRUCTURE)).rows;
  if (fingerprint !== template.fingerprint) return false;
  await client.transaction(async (tx) => {
    // As a replica: foreign keys and the tables' own triggers stay quiet while the rows go back.
    await tx.exec(`SET LOCAL session_replication_role = replica`);
    // Only the tables that hold rows are emptied: a truncation gives each table and index new files,
    // most of a reset's time when all of them went, and a file's tests write to a few.
    const holding = await tx.query<{ name: string }>(
      template.tables.map((t) => `SELECT ${literal(t.name)} AS name WHERE EXISTS (SELECT FROM ${quoted(t.name)})`).join(' UNION ALL '),
    );
    const emptied = holding.rows.map((row) => row.name);
    // CASCADE takes in the (empty) tables that refer to them, which a truncation must name too.
    if (emptied.length > 0) await tx.exec(`TRUNCATE ${emptied.map(quoted).join(', ')} CASCADE`);
    for (const table of template.tables) {
      if (!table.rows) continue;
      const list = table.columns.map(quoted).join(', ');
      await tx.query(
        `INSERT INTO ${quoted(table.name)} (${list}) OVERRIDING SYSTEM VALUE
         SELECT ${list} FROM json_populate_recordset(NULL::${quoted(table.name)}, $1::json)`,
        [table.rows],
      );
    }
    // Every sequence back to the template's value in one statement.
    if (template.sequences.length > 0) {
      await tx.query(
        `SELECT setval(s.name::regclass, s.value::bigint, s.called)
           FROM json_to_recordset($1::json) AS s(name text, value text, called boolean)`,
        [JSON.stringify(template.sequences.map((sequence) => ({ ...sequence, name: quoted(sequence.name) })))],
      );
    }
  });
  return true;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface Pooled {
  client: PGlite;
}

const KEPT = 2;
let started = 0;
/** How many engines this worker has started: a reset that works hands the same one on. */
export const enginesStarted = () => started;
const spare: Pooled[] = [];
let template: TemplateState | undefined;

/**
 * A client over a pooled engine for one test file. `release()` ends the lease: the engine goes back
 * to the pool once reset (or is closed), and the lease refuses statements from then on.
 */
export async function leasePglite(open: () => Promise<PGlite>): Promise<{ client: PGlite; release(): Promise<void> }> {
  const pooled = spare.pop() ?? { client: await open().then((client) => ((started += 1), client)) };
  template ??= await readState(pooled.client);
  let active = true;
  const stops: (() => Promise<void>)[] = [];
  const guarded = new Proxy(pooled.client, {
    get(target, name) {
      if (name === 'close') return async () => void (active = false);
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (name === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          if (!active) throw new Error('This test database has been released');
          const stop = await target.listen(...args);
          stops.push(() => stop());
          return stop;
        };
      }
      return (...args: unknown[]) => {
        if (!active && typeof name === 'string' && !name.startsWith('_check')) throw new Error('This test database has been released');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client: guarded,
    async release() {
      active = false;
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      const reusable = await reset(pooled.client, template!).catch(() => false);
      if (reusable && spare.length < KEPT) spare.push(pooled);
      else await pooled.client.close().catch(() => undefined);
    },
  };
}
