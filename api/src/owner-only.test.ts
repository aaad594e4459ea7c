import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { readableByOthers } from '../../tests/support/file-modes';
import { keepDataPrivate } from './owner-only';

const umask = process.umask();
afterEach(() => void process.umask(umask));

describe('the data folder', () => {
  it('is made owner-only, what was there before and what is written afterwards', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shop-private-'));
    try {
      process.umask(0o022);
      await mkdir(join(dir, 'pglite', 'pg_wal'), { recursive: true, mode: 0o755 });
      await writeFile(join(dir, 'pglite', 'pg_wal', '000000010000000000000001'), 'customers', { mode: 0o644 });
      expect(await readableByOthers(dir)).not.toEqual([]);

      await keepDataPrivate(dir);
      expect(await readableByOthers(dir)).toEqual([]);
      // Files the database writes from now on (a new WAL segment, say) are the owner's alone too.
      await writeFile(join(dir, 'pglite', 'pg_wal', '000000010000000000000002'), 'more customers');
      await mkdir(join(dir, 'storage', 'documents'), { recursive: true });
      expect(await readableByOthers(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
