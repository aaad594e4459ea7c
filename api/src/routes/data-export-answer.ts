import type { Context } from 'hono';

import { type DataExport, dataExportSchema } from '@contract/api/privacy';
import type { ShopLocale } from '@contract/locale';

import { checkAnswer } from '../answer.js';
import type { AppEnv } from '../deps.js';
import { dataExportArchive, dataExportFileName } from '../services/data-export-archive.js';

/**
 * The data export's answer: data.json checked against its contract outside production, then zipped with
 * its README (services/data-export-archive.ts) as an attachment that no shared cache keeps.
 */
export function dataExportAnswer(c: Context<AppEnv>, data: DataExport, kind: 'my' | 'customer', locale: ShopLocale): Response {
  checkAnswer(c, dataExportSchema, data);
  const archive = dataExportArchive(data, locale, c.var.deps.config.storefrontUrl);
  return c.body(archive as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${dataExportFileName(kind, data)}"`,
    'Cache-Control': 'private, no-store',
  });
}
