import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data folder holds customers' emails and addresses (the database and its write-ahead log) and
 * the shop's secrets: only the account that runs the shop may read it. From here on this process
 * makes its files owner-only (700 folders, 600 files, the embedded database's included), and what
 * an older start or a restore left readable to others is made owner-only too.
 */
export async function keepDataPrivate(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await ownerOnlyTree(dataDir);
}

/** Every folder under `dir` (itself included) 700 and every file 600. */
export async function ownerOnlyTree(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await ownerOnlyTree(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
