import { keepWidth, resizedImage, svgToWebp, svgToWebpWidth } from '../services/images.js';
import type { Storage } from '../services/storage.js';
import { CATALOGUE, imagePaths, VIEWS } from './catalogue-data.js';
import { backgroundSvg } from './drawing/backgrounds.js';
import { garmentSvg } from './drawing/garments.js';
import { sizeGuideSvg } from './drawing/size-guides.js';

/** The widths the storefront asks for in srcset; rendered ahead so first visits are fast. */
const PRERENDERED_WIDTHS = [320, 640, 960];
const BUCKET = 'product-images' as const;

/** One catalogue image: where it is stored, its drawing, and the widths rendered ahead of it. */
export interface CatalogueImage {
  path: string;
  svg: () => string;
  widths: number[];
  /** A garment's front view: what the home page and the catalogue's lists show. */
  front: boolean;
}

/**
 * Every catalogue image: product illustrations per colour and view, backgrounds, size guides, in the
 * order pages show them (front views first, each product's first colours before its others).
 */
export function catalogueImages(): CatalogueImage[] {
  const images: CatalogueImage[] = [];
  const colours = Math.max(...CATALOGUE.map((product) => product.colours.length));
  for (const view of VIEWS) {
    for (let i = 0; i < colours; i++) {
      for (const product of CATALOGUE) {
        const colour = product.colours[i];
        if (!colour) continue;
        images.push({
          path: imagePaths.garment(product.kind, colour, view),
          svg: () => garmentSvg(product.kind, colour, view),
          widths: PRERENDERED_WIDTHS,
          front: view === 'front',
        });
      }
    }
  }
  for (const product of CATALOGUE) {
    images.push({ path: imagePaths.background(product.kind), svg: () => backgroundSvg(product.kind), widths: [960], front: false });
    images.push({ path: imagePaths.sizeGuide(product.kind), svg: () => sizeGuideSvg(product.kind), widths: [640], front: false });
  }
  return images;
}

/** Draws one catalogue image into storage (storage's put is atomic), and its widths unless told not to. */
export async function drawCatalogueImage(storage: Storage, image: CatalogueImage, { widths = true } = {}): Promise<void> {
  await storage.put(BUCKET, image.path, await svgToWebp(image.svg()));
  if (widths) for (const width of image.widths) await resizedImage(storage, BUCKET, image.path, width);
}

/** Draws one catalogue image straight at `width`, kept as the storage route's rendering of that width. */
export async function drawCatalogueImageWidth(storage: Storage, image: CatalogueImage, width: number): Promise<void> {
  await keepWidth(storage, BUCKET, image.path, width, await svgToWebpWidth(image.svg(), width));
}

/**
 * Draws every catalogue image that storage does not hold yet (or those `only` picks) and pre-renders
 * the common widths. Returns how many were drawn.
 */
export async function generateCatalogueImages(
  storage: Storage,
  options: { countOnly?: boolean; only?: (image: CatalogueImage) => boolean; workers?: number } = {},
): Promise<number> {
  const images = catalogueImages().filter(options.only ?? (() => true));
  let drawn = 0;
  if (options.countOnly) {
    for (const image of images) if (!(await storage.exists(BUCKET, image.path))) drawn++;
    return drawn;
  }
  // Two at a time by default: sharp already uses a thread pool, and start-up should not starve the machine.
  const queue = [...images];
  const worker = async () => {
    for (let image = queue.shift(); image; image = queue.shift()) {
      if (await storage.exists(BUCKET, image.path)) continue;
      await drawCatalogueImage(storage, image);
      drawn++;
    }
  };
  await Promise.all(Array.from({ length: options.workers ?? 2 }, worker));
  return drawn;
}
