import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Paths under `dir` (itself included) that a group or other users may read, write or enter. */
export async function readableByOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  if ((await stat(dir)).mode & 0o077) found.push(dir);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await readableByOthers(path)));
    else if ((await stat(path)).mode & 0o077) found.push(path);
  }
  return found;
}
