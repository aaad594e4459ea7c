import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** The public buckets of ARCHITECTURE.md. */
export const BUCKETS = ['product-images', 'cards', 'documents'] as const;
export type Bucket = (typeof BUCKETS)[number];

export function isBucket(name: string): name is Bucket {
  return (BUCKETS as readonly string[]).includes(name);
}

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

/** Object storage: a folder per bucket on local disk. */
export interface Storage {
  put(bucket: Bucket, path: string, body: Buffer | string): Promise<void>;
  get(bucket: Bucket, path: string): Promise<StoredObject | null>;
  exists(bucket: Bucket, path: string): Promise<boolean>;
  /** Where derived files (resized images) of an object are cached; never served directly. */
  derivedPath(bucket: Bucket, path: string, suffix: string): string;
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  md: 'text/markdown; charset=utf-8',
  pdf: 'application/pdf',
  json: 'application/json',
};

export function contentTypeOf(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** A path inside a bucket: plain segments only, so nothing can escape the bucket's folder. */
export function isSafeObjectPath(path: string): boolean {
  if (!path || path.length > 512 || path.startsWith('/')) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && /^[\w.@-]+$/.test(segment));
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const locate = (bucket: Bucket, path: string) => {
    if (!isSafeObjectPath(path)) throw new Error(`Unsafe object path: ${path}`);
    const file = join(base, bucket, path);
    if (!file.startsWith(base + sep)) throw new Error(`Unsafe object path: ${path}`);
    return file;
  };
  return {
    async put(bucket, path, body) {
      const file = locate(bucket, path);
      await mkdir(dirname(file), { recursive: true });
      // Write then rename: several API instances may share the folder, and no reader sees half a file.
      const partial = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async get(bucket, path) {
      const file = locate(bucket, path);
      try {
        const body = await readFile(file);
        return { body, contentType: contentTypeOf(path), size: body.length };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async exists(bucket, path) {
      try {
        return (await stat(locate(bucket, path))).isFile();
      } catch {
        return false;
      }
    },
    derivedPath(bucket, path, suffix) {
      locate(bucket, path);
      return join(base, '.derived', bucket, `${path}.${suffix}`);
    },
  };
}
