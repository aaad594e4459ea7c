import type { AdminProduct, ItalianTextsRequest } from '@contract/api/products-admin';

import type { SizeChartLabels } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { adminProduct, type Deps } from './read.js';

/**
 * Writes a product's Italian texts (issue 38): its descriptions, its category's Italian name (shared
 * by the category's products) and its size chart's labels, keeping the chart's special features'
 * Italian as they were. Row locked, audited with what it replaced; the catalogue's triggers tell the
 * kept catalogues (ADR 035).
 */
export async function saveItalianTexts(deps: Deps, productId: string, request: ItalianTextsRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('products')
      .select(['id', 'short_description_it', 'long_description_it'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new DomainError('not_found', 'Product not found');
    await trx
      .updateTable('products')
      .set({ short_description_it: request.short_description, long_description_it: request.long_description })
      .where('id', '=', productId)
      .execute();
    const category = await trx
      .selectFrom('product_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['c.id', 'c.name_it'])
      .where('pc.product_id', '=', productId)
      .orderBy('pc.position')
      .executeTakeFirst();
    if (category && category.name_it !== request.category)
      await trx.updateTable('categories').set({ name_it: request.category }).where('id', '=', category.id).execute();
    const chart = await trx.selectFrom('size_charts').select('labels_it').where('product_id', '=', productId).executeTakeFirst();
    const labels: SizeChartLabels = {
      ...(chart?.labels_it ?? {}),
      fitDescription: request.fit_description,
      sizingTips: request.sizing_tips,
      modelInfo: request.model_info,
      measurementPoints: request.points,
    };
    if (chart)
      await trx
        .updateTable('size_charts')
        .set({ labels_it: JSON.stringify(labels) })
        .where('product_id', '=', productId)
        .execute();
    await recordAudit(trx, now, actor, {
      action: 'product.italian',
      subject_type: 'product',
      subject_id: productId,
      before: {
        short_description: before.short_description_it,
        long_description: before.long_description_it,
        category: category?.name_it ?? '',
      },
      after: request,
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}
