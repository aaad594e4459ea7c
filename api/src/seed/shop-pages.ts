import { SHOP_PAGE_FIRST_TEXTS, SHOP_PAGE_KEYS } from '@contract/shop-pages';

import type { Db } from '../db/database.js';

/**
 * The about and contact pages become builtin pages (ADR 073) whose first version, published, is
 * what the shop has shown until now, so nothing a shopper sees changes. A page the table holds
 * already is left as its owner made it. Returns the keys written.
 */
export async function seedShopPages(db: Db, now: Date = new Date()): Promise<string[]> {
  const written: string[] = [];
  for (const key of SHOP_PAGE_KEYS) {
    const { fields, ...texts } = SHOP_PAGE_FIRST_TEXTS[key];
    await db.transaction().execute(async (trx) => {
      // An owner's page already at /pages/about keeps its address; the shop's page then keeps its first texts in code.
      const page = await trx
        .insertInto('pages')
        .values({ builtin: key, slug: key, latest_version: 1, published_version: 1, created_at: now, updated_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!page) return;
      await trx
        .insertInto('page_versions')
        .values({
          page_id: page.id,
          number: 1,
          ...texts,
          fields: fields ? JSON.stringify(fields) : null,
          created_at: now,
          created_by: 'seed',
        })
        .execute();
      written.push(key);
    });
  }
  return written;
}
