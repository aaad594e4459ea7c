import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import sharp from 'sharp';

import type { Bucket, Storage } from './storage.js';

export async function svgToWebp(svg: string, quality = 82): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 4 }).toBuffer();
}

/** A width of an image as the storage route serves it: WebP at this quality, never wider than the original. */
const WIDTH_QUALITY = 80;

/**
 * An SVG drawn straight at `width` (never wider than the SVG itself), as the storage route serves
 * widths: rasterising at the size asked for costs a fraction of drawing the full size and scaling it.
 */
export async function svgToWebpWidth(svg: string, width: number): Promise<Buffer> {
  const source = Buffer.from(svg);
  const full = (await sharp(source).metadata()).width ?? width;
  const target = Math.min(width, full);
  return sharp(source, { density: (72 * target) / full })
    .resize({ width: target })
    .webp({ quality: WIDTH_QUALITY })
    .toBuffer();
}

/** Keeps `body` as the `width` rendering of the object at `path` (where resizedImage looks first). */
export async function keepWidth(storage: Storage, bucket: Bucket, path: string, width: number, body: Buffer): Promise<void> {
  const cached = storage.derivedPath(bucket, path, `w${width}.webp`);
  await mkdir(dirname(cached), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file (and two writers never share one).
  const partial = `${cached}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(partial, body);
  await rename(partial, cached);
}

/**
 * The object at `path` scaled down to `width` (never up), as WebP, cached on disk next to the
 * storage so each size is rendered once.
 */
export async function resizedImage(storage: Storage, bucket: Bucket, path: string, width: number): Promise<Buffer | null> {
  try {
    return await readFile(storage.derivedPath(bucket, path, `w${width}.webp`));
  } catch {
    // not rendered yet
  }
  const original = await storage.get(bucket, path);
  if (!original || !original.contentType.startsWith('image/')) return null;
  const body = await sharp(original.body).resize({ width, withoutEnlargement: true }).webp({ quality: WIDTH_QUALITY }).toBuffer();
  await keepWidth(storage, bucket, path, width, body);
  return body;
}
