import { type AdminProduct, POINT_CODES, type SizeChartRequest } from '@contract/api/products-admin';

import type { SizeChartRecord } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../domain-error.js';
import { type Actor, recordAudit } from '../audit.js';
import { adminProduct, chartRows, type Deps } from './read.js';

/**
 * Writes a product's size chart from its rows: points lettered A, B, C..., each size's measurements in
 * cm with inches worked out (one decimal). What the form does not edit (the measurement guide drawing,
 * special features, the conversion chart) is kept. Audited with the chart it replaced.
 */
export async function saveSizeChart(deps: Deps, productId: string, request: SizeChartRequest, actor: Actor): Promise<AdminProduct> {
  const now = deps.clock.now();
  const points = request.points.map((name, i) => ({ code: POINT_CODES[i], name }));
  for (const row of request.sizes) {
    const missing = points.find((p) => row.values[p.code] === undefined);
    if (missing) throw new DomainError('bad_request', `Enter the ${missing.name} of size ${row.size}`);
  }
  await inTransaction(deps.db, async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['id', 'name', 'short_description'])
      .where('id', '=', productId)
      .forUpdate()
      .executeTakeFirst();
    if (!product) throw new DomainError('not_found', 'Product not found');
    const before = await trx.selectFrom('size_charts').select('chart').where('product_id', '=', productId).executeTakeFirst();
    const kept = before?.chart;
    const chart: SizeChartRecord = {
      productName: product.name,
      productDescription: kept?.productDescription ?? product.short_description,
      fitDescription: request.fit_description,
      sizingTips: request.sizing_tips,
      modelInfo: request.model_info.map((modelDescription) => ({ modelDescription })),
      measurementGuideImagePath: kept?.measurementGuideImagePath ?? null,
      specialFeatures: kept?.specialFeatures ?? [],
      sizeChart: {
        measurementPoints: points,
        sizes: request.sizes.map((row) => ({
          sizeName: row.size,
          measurements: points.map((p) => ({
            measurementCode: p.code,
            value: row.values[p.code],
            valueInches: Math.round((row.values[p.code] / 2.54) * 10) / 10,
          })),
        })),
      },
      conversionChart: kept?.conversionChart ?? { conversions: [] },
    };
    await trx
      .insertInto('size_charts')
      .values({ product_id: productId, chart: JSON.stringify(chart) })
      .onConflict((oc) => oc.column('product_id').doUpdateSet({ chart: JSON.stringify(chart) }))
      .execute();
    await recordAudit(trx, now, actor, {
      action: 'product.size_chart',
      subject_type: 'product',
      subject_id: productId,
      before: kept ? { chart: chartRows(kept) } : null,
      after: { chart: chartRows(chart) },
    });
  });
  await deps.onCatalogueChange?.();
  return adminProduct(deps.db, now, productId);
}
