#!/usr/bin/env node
// `node scripts/wait-for-postgres.mjs <url> [seconds]`: waits until the PostgreSQL server of <url>
// accepts a connection to that database (creating the database when the server answers without it),
// for at most [seconds] (30). Exits 1 with the last error otherwise. CI runs it before the tests.
import pg from 'pg';

const url = process.argv[2] || process.env.DATABASE_URL_TEST;
const deadline = Date.now() + Number(process.argv[3] || 30) * 1000;
if (!url) {
  console.error('wait-for-postgres: no URL (give one, or set DATABASE_URL_TEST)');
  process.exit(1);
}

async function connects(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let last;
for (;;) {
  try {
    if (await connects(url)) process.exit(0);
  } catch (error) {
    last = error;
    // The server answers but the database is not there yet (a fresh machine): make it.
    if (error?.code === '3D000') {
      const target = new URL(url);
      const name = decodeURIComponent(target.pathname.slice(1));
      const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
      try {
        await admin.connect();
        await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        continue;
      } catch (createError) {
        last = createError;
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
  }
  if (Date.now() > deadline) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const where = new URL(url);
console.error(`PostgreSQL at ${where.host}${where.pathname} did not answer: ${last instanceof Error ? last.message : String(last)}`);
process.exit(1);
