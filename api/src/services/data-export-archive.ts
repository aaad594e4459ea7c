import { strToU8, zipSync } from 'fflate';

import type { DataExport } from '@contract/api/privacy';
import type { ShopLocale } from '@contract/locale';

import { dataExportReadme } from './data-export-readme.js';

/** The two files of the archive, as the README names them. */
export const DATA_EXPORT_FILES = { data: 'data.json', readme: 'README.txt' } as const;

/**
 * The data export as a shopper downloads it (issue 39): a .zip holding data.json, the machine-readable
 * file, and README.txt, which explains it in the shopper's language. Made in memory on request (fflate,
 * pure JavaScript), stamped with the export's own time.
 */
export function dataExportArchive(data: DataExport, locale: ShopLocale, storefrontUrl: string): Uint8Array {
  const mtime = new Date(data.generated_at);
  return zipSync(
    {
      [DATA_EXPORT_FILES.data]: strToU8(`${JSON.stringify(data, null, 2)}\n`),
      [DATA_EXPORT_FILES.readme]: strToU8(dataExportReadme(data, locale, storefrontUrl)),
    },
    { level: 6, mtime },
  );
}

/** The archive's file name: `filo-my-data-2026-11-30.zip` for the shopper, `filo-customer-data-...` for the owner. */
export function dataExportFileName(kind: 'my' | 'customer', data: DataExport): string {
  return `filo-${kind}-data-${data.generated_at.slice(0, 10)}.zip`;
}
