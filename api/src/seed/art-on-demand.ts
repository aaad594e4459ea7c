import type { Logger } from '../services/logger.js';
import type { Bucket, Storage } from '../services/storage.js';
import { CARD_ANIMATION_LENGTH, type CardArt, cardArts, cardPaths } from './card-data.js';
import { type CatalogueImage, catalogueImages, drawCatalogueImage, drawCatalogueImageWidth } from './catalogue-images.js';
import { generateCardArt } from './drawing/card-art.js';

/** Draws a piece of the seed's art when it is asked for and not drawn yet (ADR 074). */
export interface ArtOnDemand {
  /**
   * Draws the seed object at `path` into storage if it is one (a catalogue image, or with `width`
   * that width of it only; a card's frames and static image, its whole colour at once) and answers
   * whether it was: false for any other path, or when drawing failed (logged). Asks for the same
   * object while it is being drawn wait for that drawing.
   */
  draw(bucket: Bucket, path: string, width?: number): Promise<boolean>;
}

/**
 * The seed's art drawn on demand, for an API that serves while its first drawing still runs in the
 * background: a page asking for an image the background has not reached gets it drawn then, by the
 * same code and at the same path, never the 'No Image' placeholder. Both write through storage's
 * atomic put, so the background drawer and this one never see each other's half-written files.
 */
export function artOnDemand(storage: Storage, log: Logger): ArtOnDemand {
  const images = new Map<string, CatalogueImage>(catalogueImages().map((image) => [image.path, image]));
  const cards = new Map<string, CardArt>();
  for (const art of cardArts()) {
    const folder = cardPaths.folder(art.design.kind, art.colour);
    cards.set(cardPaths.image(art.design.kind, art.colour), art);
    for (let i = 0; i < CARD_ANIMATION_LENGTH; i++) cards.set(cardPaths.frame(folder, cardPaths.filePrefix, i, cardPaths.format), art);
  }
  const drawing = new Map<string, Promise<boolean>>();

  /** Runs `work` once for `key` at a time: later asks share the drawing under way. */
  const once = (key: string, what: string, work: () => Promise<unknown>): Promise<boolean> => {
    let running = drawing.get(key);
    if (!running) {
      const started = Date.now();
      running = work()
        .then(
          () => {
            log.info(`images: drew ${what} on demand in ${((Date.now() - started) / 1000).toFixed(1)} s`);
            return true;
          },
          (error: unknown) => {
            log.error(`images: drawing ${what} on demand failed`, error);
            return false;
          },
        )
        .finally(() => drawing.delete(key));
      drawing.set(key, running);
    }
    return running;
  };

  return {
    async draw(bucket, path, width) {
      if (bucket === 'product-images') {
        const image = images.get(path);
        if (!image) return false;
        // A width is drawn at that size, a small part of the work of the full size (which srcset names last).
        if (width !== undefined)
          return once(`${bucket}/${path}?width=${width}`, `${path} at ${width}px`, () => drawCatalogueImageWidth(storage, image, width));
        return once(`${bucket}/${path}`, path, () => drawCatalogueImage(storage, image, { widths: false }));
      }
      if (bucket === 'cards') {
        const art = cards.get(path);
        if (!art) return false;
        const folder = cardPaths.folder(art.design.kind, art.colour);
        return once(`${bucket}/${folder}`, `the card ${folder}`, () => generateCardArt(storage, [art]));
      }
      return false;
    },
  };
}
