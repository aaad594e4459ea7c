import { describe, expect, it } from 'vitest';

import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Tracer Tee')).toBe('Tracer Tee');
    expect(csvField('€45.00')).toBe('€45.00');
    expect(csvField(12)).toBe('12');
    expect(csvField(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Tracer Tee, Padded Tee')).toBe('"Tracer Tee, Padded Tee"');
    expect(csvField('The "Padded" Tee')).toBe('"The ""Padded"" Tee"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('keeps spreadsheets from reading text as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    // A number is data, not text someone typed.
    expect(csvField(-2)).toBe('-2');
  });
});

describe('toCsv', () => {
  it('joins fields with commas and ends every row with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b, c'],
        ['1', ''],
      ]),
    ).toBe('a,"b, c"\r\n1,\r\n');
  });
});
