import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { create } from 'fontkit';

/**
 * What the shop's PDFs share (the receipt, the packing slips): their typefaces, their dates and their
 * tables. The receipt's typefaces: DejaVu Sans (from the dejavu-fonts-ttf package, embedded in each PDF),
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

/** A day as the PDFs print it, in the shop's zone. */
export const pdfDayFormat = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }),
  it: new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }),
};

/** Where a table's column starts, how wide it is, and how its text sits in it. */
export type PdfColumn = { x: number; width: number; align?: 'right' };

/**
 * One row of a table from the current line, its cells as given: the first may wrap onto several lines
 * and the row is as tall as the tallest cell, then `gap` points. The next text starts at the left margin.
 */
export function pdfTableRow(doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[], { bold = false, gap = 4 } = {}): void {
  const y = doc.y;
  doc.font(bold ? 'Bold' : 'Regular');
  let bottom = y;
  columns.forEach((column, i) => {
    doc.text(cells[i] ?? '', column.x, y, { width: column.width, ...(column.align ? { align: column.align } : {}) });
    bottom = Math.max(bottom, doc.y);
  });
  doc.y = bottom + gap;
  doc.x = columns[0].x;
}
