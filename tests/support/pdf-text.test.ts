import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';

import { RECEIPT_FONTS } from '../../api/src/services/receipt-fonts';
import { pdfText } from './pdf-text';

function pdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 });
  doc.registerFont('Regular', RECEIPT_FONTS.regular);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Regular').fontSize(10);
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

describe('pdfText', () => {
  it('reads every line of a PDFKit document, in order', async () => {
    const text = pdfText(await pdf(['Receipt', 'Discount (SPRING10)', '-€34.00', 'Città: Milano']));
    expect(text.split('\n').filter(Boolean)).toEqual(['Receipt', 'Discount (SPRING10)', '-€34.00', 'Città: Milano']);
  });

  // A compressed stream is binary: its last byte may be "\r", which reading up to "\r\nendstream" took
  // for the line break and cut off, so the page read as empty (about one document in 256). These two
  // texts make such streams: the page's content, then the font's map of characters.
  it.each([499, 609])('reads a stream whose data ends in a carriage return (CODE%s)', async (n) => {
    const code = `CODE${n.toString(36).toUpperCase()}`;
    const document = await pdf([`Discount (${code})`, `-€${n}.00`]);
    // PDFKit ends a stream's data with "\n": "\r\nendstream" is a stream whose last byte is "\r".
    expect(document.toString('latin1')).toContain('\r\nendstream');
    expect(pdfText(document).split('\n').filter(Boolean)).toEqual([`Discount (${code})`, `-€${n}.00`]);
  });
});
