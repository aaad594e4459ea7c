import { z } from 'zod';

/** Widths the storage route renders on request (`?width=`); anything else is refused. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1200, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** `GET /storage/v1/object/public/:bucket/*`: the stored object, resized when a width is asked for. */
export const storageQuerySchema = z.object({ width: z.coerce.number().int().refine(isImageWidth, 'Unsupported width').optional() });
