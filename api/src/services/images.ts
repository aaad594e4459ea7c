import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import sharp from 'sharp';

import type { Bucket, Storage } from './storage.js';

export async function svgToWebp(svg: string, quality = 82): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 4 }).toBuffer();
}

/**
 * The object at `path` scaled down to `width` (never up), as WebP, cached on disk next to the
 * storage so each size is rendered once.
 */
export async function resizedImage(storage: Storage, bucket: Bucket, path: string, width: number): Promise<Buffer | null> {
  const cached = storage.derivedPath(bucket, path, `w${width}.webp`);
  try {
    return await readFile(cached);
  } catch {
    // not rendered yet
  }
  const original = await storage.get(bucket, path);
  if (!original || !original.contentType.startsWith('image/')) return null;
  const body = await sharp(original.body).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await mkdir(dirname(cached), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file.
  const partial = `${cached}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, body);
  await rename(partial, cached);
  return body;
}
