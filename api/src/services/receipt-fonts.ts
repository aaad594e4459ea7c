import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { create } from 'fontkit';

/**
 * The receipt's typefaces: DejaVu Sans (from the dejavu-fonts-ttf package, embedded in each PDF),
 * which covers Latin, Greek, Cyrillic and many more scripts. PDFKit's built-in Helvetica knows only
 * Latin-1 and printed anything else as garbage.
 */
const require = createRequire(import.meta.url);
export const RECEIPT_FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};

const regular = create(RECEIPT_FONTS.regular);
const bold = create(RECEIPT_FONTS.bold);

/**
 * Text as the receipt can draw it: a character neither face has (Chinese or Japanese characters,
 * for instance) becomes '?', so a receipt is never garbled; everything else is kept as it is.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const drawable = codePoint < 0x20 ? char === '\n' : regular.hasGlyphForCodePoint(codePoint) && bold.hasGlyphForCodePoint(codePoint);
    out += drawable ? char : '?';
  }
  return out;
}
