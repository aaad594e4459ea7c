import { resizedImage, svgToWebp } from '../services/images.js';
import type { Storage } from '../services/storage.js';
import { CATALOGUE, imagePaths, VIEWS } from './catalogue-data.js';
import { backgroundSvg } from './drawing/backgrounds.js';
import { garmentSvg } from './drawing/garments.js';
import { sizeGuideSvg } from './drawing/size-guides.js';

/** The widths the storefront asks for in srcset; rendered ahead so first visits are fast. */
const PRERENDERED_WIDTHS = [320, 640, 960];
const BUCKET = 'product-images' as const;

/**
 * Draws every catalogue image that storage does not hold yet (product illustrations per colour
 * and view, backgrounds, size guides) and pre-renders the common widths. Returns how many were drawn.
 */
export async function generateCatalogueImages(storage: Storage, options: { countOnly?: boolean } = {}): Promise<number> {
  const jobs: { path: string; svg: () => string; widths: number[] }[] = [];
  for (const product of CATALOGUE) {
    for (const colour of product.colours) {
      for (const view of VIEWS) {
        jobs.push({
          path: imagePaths.garment(product.kind, colour, view),
          svg: () => garmentSvg(product.kind, colour, view),
          widths: PRERENDERED_WIDTHS,
        });
      }
    }
    jobs.push({ path: imagePaths.background(product.kind), svg: () => backgroundSvg(product.kind), widths: [960] });
    jobs.push({ path: imagePaths.sizeGuide(product.kind), svg: () => sizeGuideSvg(product.kind), widths: [640] });
  }
  let drawn = 0;
  if (options.countOnly) {
    for (const job of jobs) if (!(await storage.exists(BUCKET, job.path))) drawn++;
    return drawn;
  }
  // Two at a time: sharp already uses a thread pool, and start-up should not starve the machine.
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (await storage.exists(BUCKET, job.path)) continue;
      await storage.put(BUCKET, job.path, await svgToWebp(job.svg()));
      for (const width of job.widths) await resizedImage(storage, BUCKET, job.path, width);
      drawn++;
    }
  };
  await Promise.all([worker(), worker()]);
  return drawn;
}
