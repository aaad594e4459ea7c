import { sql } from 'kysely';

import type { Db } from '../db/database.js';
import { inTransaction, type Trx } from '../db/transaction.js';
import { CARD_ANIMATION_LENGTH, CARD_DESIGNS, cardArts, cardPaths } from './card-data.js';
import {
  ATTRIBUTE_ORDER,
  CATALOGUE,
  COLOUR_DESCRIPTIONS,
  imagePaths,
  MATERIAL,
  MATERIAL_DESCRIPTION,
  SIZE_DESCRIPTIONS,
  SIZES,
  TREATMENT,
  TREATMENT_DESCRIPTION,
  variantSku,
  VIEWS,
} from './catalogue-data.js';
import { CATALOGUE_IT } from './catalogue-data-it.js';
import { BACKGROUND_HEIGHT, BACKGROUND_WIDTH, ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH } from './drawing/canvas.js';

// Any constant works; the same for every instance, and not the migrations' key.
const SEED_LOCK_KEY = 727_002;

/**
 * Writes the brand's catalogue. Idempotent: a product already present (by name) is left as it is,
 * so re-running never duplicates rows nor overwrites stock changed since.
 */
export async function seedCatalogue(db: Db): Promise<{ inserted: string[] }> {
  const inserted: string[] = [];
  await inTransaction(db, async (trx) => {
    // Instances starting together on one PostgreSQL seed one after the other: the second finds every product.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    for (const product of CATALOGUE) {
      const existing = await trx.selectFrom('products').select('id').where('name', '=', product.name).executeTakeFirst();
      if (existing) continue;
      const productId = await insertProduct(trx, product);
      await insertVariants(trx, product, productId);
      inserted.push(product.name);
    }
  });
  await seedCards(db);
  return { inserted };
}

type SeedProduct = (typeof CATALOGUE)[number];

/** A garment drawing of the product as an image row: in a colour, from a view, at a place in the gallery. */
function garmentImageOf(product: SeedProduct) {
  return (colour: SeedProduct['colours'][number], view: (typeof VIEWS)[number], order: number) => ({
    type: 'product' as const,
    filename: imagePaths.garment(product.kind, colour, view).split('/').pop()!,
    storage_path: imagePaths.garment(product.kind, colour, view),
    width: ILLUSTRATION_WIDTH,
    height: ILLUSTRATION_HEIGHT,
    alt: `${product.name} in ${colour.toLowerCase()}, ${view} view`,
    order,
  });
}

/** The product with its category, Italian texts, size chart and its own images (the first colour's). */
async function insertProduct(trx: Trx, product: SeedProduct): Promise<string> {
  const italian = CATALOGUE_IT[product.name];

  await trx
    .insertInto('categories')
    .values({ name: product.category, name_it: italian?.category ?? '' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const category = await trx.selectFrom('categories').select('id').where('name', '=', product.category).executeTakeFirstOrThrow();

  const { id: productId } = await trx
    .insertInto('products')
    .values({
      name: product.name,
      short_description: product.shortDescription,
      long_description: product.longDescription,
      short_description_it: italian?.shortDescription ?? '',
      long_description_it: italian?.longDescription ?? '',
      price: product.price,
      launch_date: product.launchDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('product_categories').values({ product_id: productId, category_id: category.id }).execute();
  await trx
    .insertInto('size_charts')
    .values({
      product_id: productId,
      chart: JSON.stringify({
        productName: product.name,
        ...product.sizeChart,
        measurementGuideImagePath: imagePaths.sizeGuide(product.kind),
      }),
      labels_it: JSON.stringify(italian?.sizeChart ?? {}),
    })
    .execute();
  const garmentImage = garmentImageOf(product);
  const defaultColour = product.colours[0];
  const productImages = [
    ...VIEWS.map((view, i) => ({ ...garmentImage(defaultColour, view, i), product_id: productId })),
    { ...garmentImage(defaultColour, 'front', 0), type: 'featured' as const, product_id: productId },
    {
      type: 'background' as const,
      product_id: productId,
      filename: 'background.webp',
      storage_path: imagePaths.background(product.kind),
      width: BACKGROUND_WIDTH,
      height: BACKGROUND_HEIGHT,
      alt: '',
      order: 0,
    },
  ];
  await trx.insertInto('images').values(productImages).execute();
  return productId;
}

/** Every colour × size of the product, with its options in display order and its own images. */
async function insertVariants(trx: Trx, product: SeedProduct, productId: string) {
  const garmentImage = garmentImageOf(product);
  let position = 0;
  for (const colour of product.colours) {
    for (const size of SIZES) {
      const key = `${colour} ${size}`;
      const listing = product.listed[key];
      const { id: variantId } = await trx
        .insertInto('product_variants')
        .values({
          product_id: productId,
          sku: variantSku(product.kind, colour, size),
          // The options as shoppers read them, colour, treatment and material before size (the spec's display order).
          description: `${product.name} · ${COLOUR_DESCRIPTIONS[colour]} · ${TREATMENT_DESCRIPTION} · ${MATERIAL_DESCRIPTION} · ${SIZE_DESCRIPTIONS[size]}`,
          price: product.price,
          stock_quantity: product.stock[key] ?? 0,
          is_listed: listing !== undefined,
          listing_description: listing ?? null,
          position: position++,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('variant_attributes')
        .values([
          {
            variant_id: variantId,
            attribute_name: 'color',
            value: colour,
            value_description: COLOUR_DESCRIPTIONS[colour],
            order: ATTRIBUTE_ORDER.color,
          },
          {
            variant_id: variantId,
            attribute_name: 'treatment',
            value: TREATMENT,
            value_description: TREATMENT_DESCRIPTION,
            order: ATTRIBUTE_ORDER.treatment,
          },
          {
            variant_id: variantId,
            attribute_name: 'material',
            value: MATERIAL,
            value_description: MATERIAL_DESCRIPTION,
            order: ATTRIBUTE_ORDER.material,
          },
          {
            variant_id: variantId,
            attribute_name: 'size',
            value: size,
            value_description: SIZE_DESCRIPTIONS[size],
            order: ATTRIBUTE_ORDER.size,
          },
        ])
        .execute();
      await trx
        .insertInto('images')
        .values([
          ...VIEWS.map((view, i) => ({ ...garmentImage(colour, view, i), variant_id: variantId })),
          { ...garmentImage(colour, 'front', 0), type: 'featured' as const, variant_id: variantId },
        ])
        .execute();
    }
  }
}

/**
 * Gives every catalogue product that has none its collectible card, and every card its artwork in
 * each colour of the product. Idempotent. A card created after its product was already sold is
 * granted to everyone who bought it, as of their first purchase, in the colour they bought then.
 */
export async function seedCards(db: Db): Promise<{ inserted: string[] }> {
  const inserted: string[] = [];
  await inTransaction(db, async (trx) => {
    for (const design of CARD_DESIGNS) {
      const product = await trx.selectFrom('products').select('id').where('name', '=', design.productName).executeTakeFirst();
      if (!product) continue;
      const card = await trx
        .insertInto('cards')
        .values({
          product_id: product.id,
          name: design.name,
          rarity: design.rarity,
          animation_folder_path: cardPaths.folder(design.kind, design.garmentColour),
          animation_file_name: cardPaths.filePrefix,
          animation_file_format: cardPaths.format,
          animation_length: CARD_ANIMATION_LENGTH,
          image_path: cardPaths.image(design.kind, design.garmentColour),
          text_color: design.textColor,
          accent_color: design.accentColor,
          bg_color: design.bgColor,
        })
        .onConflict((oc) => oc.column('product_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      // A card seeded before it had an artwork per colour gets them too.
      const cardId =
        card?.id ?? (await trx.selectFrom('cards').select('id').where('product_id', '=', product.id).executeTakeFirstOrThrow()).id;
      await trx
        .insertInto('card_colours')
        .values(
          cardArts([design]).map(({ colour }) => ({
            card_id: cardId,
            colour,
            animation_folder_path: cardPaths.folder(design.kind, colour),
            image_path: cardPaths.image(design.kind, colour),
          })),
        )
        .onConflict((oc) => oc.columns(['card_id', 'colour']).doNothing())
        .execute();
      if (!card) continue;
      await sql`
        INSERT INTO user_cards (user_id, card_id, purchase_id, unlocked_at, colour)
        SELECT DISTINCT ON (p.user_id) p.user_id, ${card.id}, NULL, p.created_at,
          (SELECT a->>'value' FROM jsonb_array_elements(i.variant_attributes) a WHERE a->>'attribute_name' = 'color' LIMIT 1)
        FROM purchases p JOIN purchase_items i ON i.purchase_id = p.id
        WHERE i.product_id = ${product.id}
        ORDER BY p.user_id, p.created_at, i.position
        ON CONFLICT DO NOTHING`.execute(trx);
      inserted.push(design.name);
    }
  });
  return { inserted };
}
