import type { ImageWidth } from '@contract/api/storage';

/** An image as the API describes it (docs/product.md#data-catalogue): a url, or a path in a storage bucket. */
export interface ApiImage {
  url: string | null;
  bucket_name: string;
  storage_path: string | null;
  width?: number | null;
  height?: number | null;
  alt?: string;
  focal_x?: number;
  focal_y?: number;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width: number;
  height: number;
  alt: string;
  /** Where a cropping box keeps the image in view ('30% 20%'); absent for the centre. */
  position?: string;
}

/** The CSS object-position of an image's focal point, or nothing for the centre. */
function positionOf(image: ApiImage): { position?: string } {
  const x = image.focal_x ?? 50;
  const y = image.focal_y ?? 50;
  return x === 50 && y === 50 ? {} : { position: `${x}% ${y}%` };
}

/** Widths the storage route renders (`?width=`) that the storefront asks for. */
export const SRCSET_WIDTHS = [320, 640, 960] as const satisfies readonly ImageWidth[];

export function storageObjectUrl(storageBase: string, bucket: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${storageBase.replace(/\/+$/, '')}/storage/v1/object/public/${bucket}/${encoded}`;
}

/**
 * src, srcset and intrinsic size for an image, so the browser reserves its box before it loads.
 * Stored images get a srcset over the rendered widths; external urls are used as they are.
 */
export function responsiveImage(image: ApiImage, storageBase: string, fallbackAlt: string): ResponsiveImage | null {
  const width = image.width ?? 1200;
  const height = image.height ?? 1500;
  const alt = image.alt || fallbackAlt;
  if (image.url) return { src: image.url, width, height, alt, ...positionOf(image) };
  if (!image.storage_path) return null;
  const base = storageObjectUrl(storageBase, image.bucket_name || 'product-images', image.storage_path);
  const widths = SRCSET_WIDTHS.filter((w) => w < width);
  return {
    src: `${base}?width=${widths[widths.length - 1] ?? width}`,
    srcSet: [...widths.map((w) => `${base}?width=${w} ${w}w`), `${base} ${width}w`].join(', '),
    width,
    height,
    alt,
    ...positionOf(image),
  };
}
