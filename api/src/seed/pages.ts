import { POLICY_DOCUMENTS, policyPath } from '@contract/policies';

import type { Db } from '../db/database.js';
import type { Storage } from '../services/storage.js';
import { POLICY_MARKDOWN } from './policy-documents.js';

/** The policies' Italian titles, as the storefront has shown them (app/locales/it/common.json). */
const ITALIAN_TITLES: Record<(typeof POLICY_DOCUMENTS)[number]['slug'], string> = {
  'privacy-policy': 'Informativa sulla privacy',
  'return-policy': 'Politica di reso',
  'terms-and-conditions': 'Termini e condizioni',
  'website-use-agreement': "Condizioni d'uso del sito",
};

async function stored(storage: Storage, path: string): Promise<string | null> {
  const object = await storage.get('documents', path);
  return object ? object.body.toString('utf8') : null;
}

/**
 * Each policy the pages table does not hold yet becomes a page whose first version, published, is the
 * text the shop shows today: the document in storage (an owner may have replaced the seed's), so
 * the shop looks the same after pages came (ADR 068). Returns the slugs written.
 */
export async function seedPages(db: Db, storage: Storage, now: Date = new Date()): Promise<string[]> {
  const written: string[] = [];
  for (const doc of POLICY_DOCUMENTS) {
    const exists = await db.selectFrom('pages').select('id').where('builtin', '=', doc.slug).executeTakeFirst();
    if (exists) continue;
    const [en, it] = await Promise.all([stored(storage, policyPath(doc.slug, 'en')), stored(storage, policyPath(doc.slug, 'it'))]);
    if (en === null) continue;
    await db.transaction().execute(async (trx) => {
      const page = await trx
        .insertInto('pages')
        .values({ builtin: doc.slug, slug: doc.slug, latest_version: 1, published_version: 1, created_at: now, updated_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!page) return;
      await trx
        .insertInto('page_versions')
        .values({
          page_id: page.id,
          number: 1,
          title_en: doc.title,
          title_it: ITALIAN_TITLES[doc.slug],
          description_en: '',
          description_it: '',
          body_en: en,
          body_it: it ?? '',
          // The text the shop starts with is dated to its "Last updated" day: consents given under it
          // record that day (services/consents.ts).
          created_at: en === POLICY_MARKDOWN[doc.slug] ? new Date(`${doc.updated}T12:00:00Z`) : now,
          created_by: 'seed',
        })
        .execute();
      written.push(doc.slug);
    });
  }
  return written;
}
