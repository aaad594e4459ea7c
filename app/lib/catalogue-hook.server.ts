import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { getEnv } from './env.server';

/** The API's admin token (ADMIN_TOKEN, else DATA_DIR/admin-token), which the API sends when the catalogue changes. */
export function isCatalogueHookAuthorised(request: Request): boolean {
  const env = getEnv();
  const file = join(env.DATA_DIR, 'admin-token');
  const expected = env.ADMIN_TOKEN ?? (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  const given = /^Bearer (.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!expected || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
