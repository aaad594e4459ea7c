import { describe, expect, it } from 'vitest';

import { readShipmentsCsv } from './shipments-csv';

describe('readShipmentsCsv', () => {
  it('reads commas or semicolons, quotes and CRLF, skips a header and blank lines, and numbers lines as the file does', () => {
    const csv = 'Order number;Carrier;Tracking\r\n"ORD-1";GLS;"A 1"\r\n\r\n"ORD-2";"Poste ""Italiane""";B-2\r\n';
    expect(readShipmentsCsv(csv)).toEqual({
      shipments: [
        { line: 2, order: 'ORD-1', carrier: 'GLS', tracking: 'A 1' },
        { line: 4, order: 'ORD-2', carrier: 'Poste "Italiane"', tracking: 'B-2' },
      ],
      problems: [],
    });
  });

  it('names each line it cannot read, with why', () => {
    const csv = ['a,GLS,1,extra', ',GLS,1', 'b,,1', 'c,GLS,', 'd,GLS,<b>', `${'e'.repeat(65)},GLS,1`].join('\n');
    expect(readShipmentsCsv(csv).problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Give three columns: order, carrier, tracking number'],
      [2, 'The order number is missing'],
      [3, 'The carrier is missing'],
      [4, 'The tracking number is missing'],
      [5, 'Use only letters, digits, spaces and hyphens in the tracking number (at most 80)'],
      [6, 'The order number is too long'],
    ]);
    expect(readShipmentsCsv('\uFEFF\n').problems).toEqual([{ line: 1, order: '', message: 'The file has no shipments' }]);
  });
});
