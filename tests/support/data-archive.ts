import { strFromU8, unzipSync } from 'fflate';

import type { Json } from './shopper';

/** The data export's .zip opened: its file names, data.json parsed and README.txt as text. */
export function openDataArchive(bytes: Uint8Array): { names: string[]; data: Json; readme: string } {
  const files = unzipSync(bytes);
  return {
    names: Object.keys(files).sort(),
    data: JSON.parse(strFromU8(files['data.json'])) as Json,
    readme: strFromU8(files['README.txt']),
  };
}

/** The same, from an answer's body (a Response from a loader or the API). */
export async function openDataArchiveOf(response: Response) {
  return openDataArchive(new Uint8Array(await response.arrayBuffer()));
}
