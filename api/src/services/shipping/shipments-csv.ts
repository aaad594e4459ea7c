/** One shipment as a CSV line gives it; `line` is the file's line number (1 is the first). */
export interface ShipmentLine {
  line: number;
  order: string;
  carrier: string;
  tracking: string;
}

export interface CsvProblem {
  line: number;
  order: string;
  message: string;
}

/** RFC 4180 records: quoted fields may hold the separator, quotes ("") and line breaks. Each with the line it starts on. */
function records(text: string, separator: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) out.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += c;
  }
  endRecord();
  return out;
}

const HEADER = /^\s*(order|ordine|order[ _]?(number|no|id)|numero[ _]ordine)\s*$/i;
const TRACKING = /^[A-Za-z0-9 -]{1,80}$/;

/**
 * The shipments of a CSV as carriers' tools export them: order, carrier, tracking, separated by commas
 * (or semicolons, as a spreadsheet in Italian saves them); a first line naming the columns is skipped.
 * Every line that cannot be a shipment is named with why.
 */
export function readShipmentsCsv(text: string): { shipments: ShipmentLine[]; problems: CsvProblem[] } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows = records(body, separator);
  if (rows.length && HEADER.test(rows[0].cells[0] ?? '')) rows.shift();
  const shipments: ShipmentLine[] = [];
  const problems: CsvProblem[] = [];
  for (const { line, cells } of rows) {
    const [order = '', carrier = '', tracking = '', ...rest] = cells.map((cell) => cell.trim());
    const problem = (message: string) => problems.push({ line, order, message });
    if (rest.some((cell) => cell !== '')) problem('Give three columns: order, carrier, tracking number');
    else if (!order) problem('The order number is missing');
    else if (order.length > 64) problem('The order number is too long');
    else if (!carrier) problem('The carrier is missing');
    else if (!tracking) problem('The tracking number is missing');
    else if (!TRACKING.test(tracking)) problem('Use only letters, digits, spaces and hyphens in the tracking number (at most 80)');
    else shipments.push({ line, order, carrier, tracking });
  }
  if (rows.length === 0) problems.push({ line: 1, order: '', message: 'The file has no shipments' });
  return { shipments, problems };
}
