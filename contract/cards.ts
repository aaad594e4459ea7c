import { BRAND } from './brand';

/** Card constants of docs/product.md#constants, one source for the component, the export and the server-rendered face. */
export const CARD_RULES = {
  animationLength: 148,
  fps: 30,
  /** The frame shown while the card is exported, and the one the static image is drawn from. */
  captureFrame: 28,
  maxTiltDegrees: 40,
  width: 300,
  height: 400,
  exportScale: 2,
  imageTimeoutMs: 30_000,
} as const;

/** The face's fixed words (docs/product.md#cards). */
export const CARD_TEXT = {
  defaultLabel: 'CARD',
  guestOwner: 'Guest User',
} as const;

/** Whose card it is: the parts of a user (or a purchase's email) the face needs. */
export interface CardOwner {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** The languages a card's face speaks (the shop's, ADR 046). */
export type CardLocale = 'en' | 'it';

/** The face's fixed words in Italian, and the shop's rarities as an Italian card names them. */
const ITALIAN_CARD_TEXT = { defaultLabel: 'CARTA', guestOwner: 'Ospite' } as const;
const ITALIAN_RARITIES: Record<string, string> = { COMMON: 'COMUNE', RARE: 'RARA', EPIC: 'EPICA', LEGENDARY: 'LEGGENDARIA' };

/** The label: the rarity in capitals, or CARD (in Italian the shop's rarities by their Italian names, or CARTA). */
export function cardLabel(rarity: string | null | undefined, locale: CardLocale = 'en'): string {
  const label = rarity?.trim() ? rarity.trim().toUpperCase() : null;
  if (locale === 'it') return label ? (ITALIAN_RARITIES[label] ?? label) : ITALIAN_CARD_TEXT.defaultLabel;
  return label ?? CARD_TEXT.defaultLabel;
}

/** First and last name, else the part of the email before the at sign, else Guest User (Ospite in Italian). */
export function cardOwnerName(owner: CardOwner | null | undefined, locale: CardLocale = 'en'): string {
  const name = [owner?.first_name, owner?.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (name) return name;
  const local = owner?.email?.split('@')[0]?.trim();
  return local || (locale === 'it' ? ITALIAN_CARD_TEXT.guestOwner : CARD_TEXT.guestOwner);
}

/** The first 19 characters of the owned card's serial, in capitals, without a hyphen left at the end. */
export function cardCode(serial: string): string {
  return serial.slice(0, 19).toUpperCase().replace(/-+$/, '');
}

const italianDate = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** The unlock date in Italian long format, capitalised: '22 Novembre 2026'. */
export function cardDate(value: string | Date | null | undefined): string {
  const date = value ? new Date(value) : new Date();
  if (Number.isNaN(date.getTime())) return '';
  return italianDate.format(date).replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

export const CARD_BRAND_LINE = BRAND.cardLine;
