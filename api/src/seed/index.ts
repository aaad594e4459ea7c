import type { Db } from '../db/database.js';
import type { Logger } from '../services/logger.js';
import type { Storage } from '../services/storage.js';
import { generateCatalogueImages } from './catalogue-images.js';
import { seedCards, seedCatalogue } from './database.js';
import { generateCardArt } from './drawing/card-art.js';
import { seedPages } from './pages.js';
import { seedPolicyDocuments } from './policy-documents.js';
import { seedShopPages } from './shop-pages.js';

/**
 * The shop's starting content: the catalogue (when the database has none, or always), the cards,
 * the images and card frames not drawn yet, and the policy documents not written yet, and the pages made from them. Runs only at
 * start and from `npm run seed`; nothing here serves requests (but seed/art-on-demand.ts may, ADR 074).
 */
export async function seedShop(
  db: Db,
  storage: Storage,
  log: Logger,
  options: {
    catalogue: 'if-empty' | 'always';
    /**
     * Draws the missing images and card frames somewhere else (a child process that exits), so the
     * serving process never holds the memory drawing takes; without it they are drawn here. It may
     * answer before the drawing ends (it then goes on in the background).
     */
    drawElsewhere?: () => Promise<void>;
    /** Leaves the images and card frames to the caller (the first start's database, made apart from them). */
    skipArt?: boolean;
  },
): Promise<void> {
  const count = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (options.catalogue === 'always' || Number(count.n) === 0) {
    const { inserted } = await seedCatalogue(db);
    log.info(inserted.length ? `seed: catalogue written (${inserted.join(', ')})` : 'seed: catalogue already present');
  }
  // Databases seeded before cards existed get theirs here.
  const cards = await seedCards(db);
  if (cards.inserted.length) log.info(`seed: cards written (${cards.inserted.join(', ')})`);
  if (options.drawElsewhere) {
    if (await artMissing(storage)) await options.drawElsewhere();
  } else if (!options.skipArt) await drawArt(storage, log);
  const documents = await seedPolicyDocuments(storage);
  if (documents.length) log.info(`documents: wrote ${documents.join(', ')}`);
  // After the documents: each policy's first version is the text storage holds today.
  const pages = await seedPages(db, storage);
  if (pages.length) log.info(`seed: pages written (${pages.join(', ')})`);
  const shopPages = await seedShopPages(db);
  if (shopPages.length) log.info(`seed: about and contact pages written (${shopPages.join(', ')})`);
}

/** Whether any catalogue image or card frame is still to be drawn (a few hundred file checks). */
export async function artMissing(storage: Storage): Promise<boolean> {
  return (await generateCatalogueImages(storage, { countOnly: true })) > 0 || (await generateCardArt(storage, undefined, true)).cards > 0;
}

/** Draws the catalogue images and card frames not drawn yet. */
export async function drawArt(storage: Storage, log: Logger): Promise<void> {
  const started = Date.now();
  const drawn = await generateCatalogueImages(storage);
  if (drawn) log.info(`images: drew ${drawn} catalogue images in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const cardsStarted = Date.now();
  const art = await generateCardArt(storage);
  if (art.cards)
    log.info(`images: drew ${art.frames} frames for ${art.cards} card artworks in ${((Date.now() - cardsStarted) / 1000).toFixed(1)} s`);
}
