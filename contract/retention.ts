import { z } from 'zod';

/**
 * How long the shop keeps what it keeps (issue 39; the privacy policy's "How long we keep it", and
 * docs/operations.md#retention): the defaults. An owner changes all but the orders' in the back office
 * (shop settings, `retention_days`); a scheduled purge removes what is older (api/src/services/retention.ts).
 */
export const RETENTION_DAYS = {
  /** Orders and what hangs on them (items, refunds, returns, notes): Italian tax law, 10 years. */
  orders: 3653,
  /** A guest's record with no order, once their last guest session has ended. */
  guestsWithoutOrders: 30,
  /** A cart nobody signed in owns, untouched for this long. */
  anonymousCarts: 90,
  /** Checkouts that never became an order (expired, cancelled, declined, refunded). */
  unpaidCheckouts: 90,
  /** Messages sent through the contact form. */
  contactMessages: 730,
  /** The copies of emails kept in the outbox (when no SMTP server is set). */
  outbox: 90,
  /** Sign-in codes and sign-ins past their end, and finished scheduled jobs. */
  spentCodesAndSessions: 1,
  finishedJobs: 30,
  /** The privacy log's lines (exports, erasures, purges): what shows each request was answered. */
  privacyLog: 1096,
} as const;

export type RetentionKind = keyof typeof RETENTION_DAYS;
export type RetentionDays = Record<RetentionKind, number>;

/** The periods an owner may change, each within its bounds in days; orders stay at the law's 10 years. */
export const RETENTION_BOUNDS = {
  guestsWithoutOrders: { min: 1, max: 365 },
  anonymousCarts: { min: 1, max: 365 },
  // A payment may still be reconciled with the provider for a month.
  unpaidCheckouts: { min: 30, max: 365 },
  contactMessages: { min: 30, max: 1825 },
  outbox: { min: 1, max: 365 },
  spentCodesAndSessions: { min: 1, max: 30 },
  finishedJobs: { min: 1, max: 365 },
  // Long enough to show a data request was answered, for as long as a complaint about it may come.
  privacyLog: { min: 365, max: 3653 },
} as const satisfies Partial<Record<RetentionKind, { min: number; max: number }>>;

export type ChangeableRetentionKind = keyof typeof RETENTION_BOUNDS;
export const CHANGEABLE_RETENTION_KINDS = Object.keys(RETENTION_BOUNDS) as ChangeableRetentionKind[];

/** What each period is about, in the back office's form and the privacy policy's list. */
export const RETENTION_LABELS: Record<RetentionKind, string> = {
  orders: 'Order and invoice records (Italian tax law, Art. 2220 of the Civil Code)',
  guestsWithoutOrders: 'A guest record without an order, after its last session',
  anonymousCarts: 'Carts nobody signed in to, untouched',
  unpaidCheckouts: 'Checkouts that were never paid',
  contactMessages: 'Contact messages',
  outbox: 'Copies of the emails we sent you',
  spentCodesAndSessions: 'Sign-in codes and sign-ins, after they ended',
  finishedJobs: 'Records of finished scheduled tasks',
  privacyLog: 'Records of data requests answered (exports, erasures) and of purges',
};

/** The same in Italian, for the Italian privacy policy. */
const RETENTION_LABELS_IT: Record<RetentionKind, string> = {
  orders: 'Ordini e documenti fiscali (legge italiana, art. 2220 del Codice civile)',
  guestsWithoutOrders: 'I dati di un ospite senza ordini, dopo la sua ultima sessione',
  anonymousCarts: 'I carrelli senza accesso, non più toccati',
  unpaidCheckouts: 'I pagamenti mai completati',
  contactMessages: 'I messaggi inviati con il modulo di contatto',
  outbox: 'Le copie delle email che ti abbiamo inviato',
  spentCodesAndSessions: 'I codici di accesso e le sessioni, dopo la loro fine',
  finishedJobs: 'I registri delle attività pianificate concluse',
  privacyLog: 'I registri delle richieste sui dati evase (copie, cancellazioni) e delle eliminazioni',
};

/** "10 years", "90 days", "1 day" ("10 anni", "90 giorni", "1 giorno"): a period as people say it. */
export function describeDays(days: number, locale: 'en' | 'it' = 'en'): string {
  const years = Math.round(days / 365.25);
  if (years >= 1 && Math.abs(years * 365.25 - days) <= 1) {
    if (locale === 'it') return `${years} ${years === 1 ? 'anno' : 'anni'}`;
    return `${years} year${years === 1 ? '' : 's'}`;
  }
  if (locale === 'it') return `${days} ${days === 1 ? 'giorno' : 'giorni'}`;
  return `${days} day${days === 1 ? '' : 's'}`;
}

const daysField = (kind: ChangeableRetentionKind, days: z.ZodNumber) =>
  days
    .int('Enter a whole number of days')
    .min(RETENTION_BOUNDS[kind].min, `Enter at least ${RETENTION_BOUNDS[kind].min} days`)
    .max(RETENTION_BOUNDS[kind].max, `Enter at most ${RETENTION_BOUNDS[kind].max} days`);
const dayMessages = { required_error: 'Enter a number of days', invalid_type_error: 'Enter a whole number of days' };

/** `GET admin/retention` and `GET privacy/retention`: the periods in force, in days. */
export const retentionDaysSchema = z.object(
  Object.fromEntries(Object.keys(RETENTION_DAYS).map((kind) => [kind, z.number().int()])) as Record<RetentionKind, z.ZodNumber>,
);

/** `POST admin/retention` (owner only): every changeable period; the orders' is not among them. */
export const retentionChangeSchema = z
  .object(
    Object.fromEntries(CHANGEABLE_RETENTION_KINDS.map((kind) => [kind, daysField(kind, z.number(dayMessages))])) as Record<
      ChangeableRetentionKind,
      z.ZodNumber
    >,
  )
  .strict();
/** The same from the back office's form, where numbers arrive as text. */
export const retentionFormSchema = z.object(
  Object.fromEntries(CHANGEABLE_RETENTION_KINDS.map((kind) => [kind, daysField(kind, z.coerce.number(dayMessages))])) as Record<
    ChangeableRetentionKind,
    z.ZodNumber
  >,
);

/**
 * Where the privacy policy's markdown lists the periods in force: the policy page puts the list there
 * (an HTML comment, so a page that cannot read the periods shows nothing rather than a stale figure).
 */
export const RETENTION_MARKER = '<!-- retention-periods -->';

/** The periods in force as a markdown list, for the privacy policy in its language. */
export function retentionMarkdown(periods: RetentionDays, locale: 'en' | 'it' = 'en'): string {
  const labels = locale === 'it' ? RETENTION_LABELS_IT : RETENTION_LABELS;
  return (Object.keys(RETENTION_LABELS) as RetentionKind[])
    .map((kind) => `- ${labels[kind]}: ${describeDays(periods[kind], locale)}.`)
    .join('\n');
}
