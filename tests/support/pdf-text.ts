import { inflateSync } from 'node:zlib';

/** Code → text, from a font's ToUnicode CMap (bfchar and bfrange, ranges given as a start or as a list). */
function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  // A target may hold several code units, spaced (a ligature such as 'fi').
  const text = (hex: string) => String.fromCodePoint(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(code, 16), text(unicode));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, start, end, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const first = parseInt(start, 16);
      const last = parseInt(end, 16);
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((m, i) => map.set(first + i, text(m[1])));
      } else {
        const base = parseInt(target.slice(1, -1), 16);
        for (let code = first; code <= last; code += 1) map.set(code, String.fromCodePoint(base + code - first));
      }
    }
  }
  return map;
}

/**
 * The text a PDF made by PDFKit draws, line by line: its objects read, each font's ToUnicode map
 * applied to the strings of the content streams. Enough to check what a receipt says.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const [, id, body] of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(Number(id), body);
  const streamOf = (body: string | undefined): string => {
    // The data is exactly /Length bytes: it is binary, and may itself end in "\r" or "\n".
    const found = body && /\/Length (\d+)(?!\d| \d+ R)[\s\S]*?stream\r?\n/.exec(body);
    if (!found) return '';
    const start = found.index + found[0].length;
    const raw = Buffer.from(body.slice(start, start + Number(found[1])), 'latin1');
    try {
      return inflateSync(raw).toString('latin1');
    } catch {
      return raw.toString('latin1');
    }
  };
  const fonts = new Map<string, Map<number, string> | null>();
  for (const body of objects.values()) {
    const resources = /\/Font\s*<<([\s\S]*?)>>/.exec(body);
    for (const [, name, ref] of resources ? resources[1].matchAll(/\/(\w+)\s+(\d+) 0 R/g) : []) {
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(Number(ref)) ?? '');
      fonts.set(name, toUnicode ? parseCmap(streamOf(objects.get(Number(toUnicode[1])))) : null);
    }
  }
  let text = '';
  for (const body of objects.values()) {
    const content = streamOf(body);
    if (!/\bTf\b/.test(content)) continue;
    let cmap: Map<number, string> | null = null;
    for (const line of content.split('\n')) {
      const font = /\/(\w+)\s+[\d.]+\s+Tf/.exec(line);
      if (font) cmap = fonts.get(font[1]) ?? null;
      const strings = [...line.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, hex]) =>
        cmap
          ? (hex.match(/.{4}/g) ?? []).map((code) => cmap!.get(parseInt(code, 16)) ?? '').join('')
          : Buffer.from(hex, 'hex').toString('latin1'),
      );
      if (strings.length) text += `${strings.join('')}\n`;
    }
  }
  return text;
}
