import { z } from 'zod';

/**
 * The contact page's structured parts (issue #42, ADR 073): the studio's address and the opening
 * hours, kept with each version of the page beside its Markdown, in both languages. Italian left
 * empty shows the English.
 */

/** A text of at most `max` characters; `required` names what is missing when none is sent (a form's empty field). */
const trimmed = (max: number, message: string, required?: string) =>
  z
    .string(required ? { required_error: required } : {})
    .trim()
    .max(max, message);

export const hoursRowSchema = z.object({
  days_en: trimmed(40, 'Keep the days under 40 characters', 'Enter the days').min(1, 'Enter the days'),
  days_it: trimmed(40, 'Keep the days under 40 characters').default(''),
  hours_en: trimmed(60, 'Keep the hours under 60 characters', 'Enter the hours').min(1, 'Enter the hours'),
  hours_it: trimmed(60, 'Keep the hours under 60 characters').default(''),
});
export type HoursRow = z.infer<typeof hoursRowSchema>;

/** Rows of the hours table the form offers (blank ones are dropped). */
export const HOURS_ROWS = 7;

export const contactFieldsSchema = z.object({
  address_en: trimmed(300, 'Keep the address under 300 characters', 'Enter the address').min(1, 'Enter the address'),
  address_it: trimmed(300, 'Keep the address under 300 characters').default(''),
  hours: z.array(hoursRowSchema).max(HOURS_ROWS, `At most ${HOURS_ROWS} rows of hours`).default([]),
});
export type ContactFields = z.infer<typeof contactFieldsSchema>;

/** The contact page's address and hours in one language, as shoppers read them. */
export const contactInfoSchema = z.object({
  address: z.array(z.string()),
  hours: z.array(z.object({ days: z.string(), hours: z.string() })),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** `fields` in `locale`: an address line per line, each empty Italian text read in English. */
export function contactInfoIn(fields: ContactFields, locale: 'en' | 'it'): ContactInfo {
  const pick = (en: string, it: string) => (locale === 'it' && it.trim() ? it : en);
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return {
    address: lines(pick(fields.address_en, fields.address_it)),
    hours: fields.hours.map((row) => ({ days: pick(row.days_en, row.days_it), hours: pick(row.hours_en, row.hours_it) })),
  };
}

/** A form's rows with nothing typed in them are not rows (the form always offers HOURS_ROWS). */
export function withoutBlankRows(rows: unknown): unknown {
  if (!Array.isArray(rows)) return rows;
  return rows.filter(
    (row) => row && typeof row === 'object' && Object.values(row as object).some((value) => typeof value === 'string' && value.trim()),
  );
}
