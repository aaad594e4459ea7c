import { BRAND } from '@contract/brand';
import { CARD_MESSAGES } from './messages';

/** Whose card it is: the parts of a user (or a purchase's email) the face needs. */
export interface CardOwner {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** A card as the storefront draws it: the face's texts, worked out once on the server, and where its images are. */
export interface CardView {
  id: string;
  name: string;
  label: string;
  owner: string;
  code: string;
  date: string;
  unlockedAt: string | null;
  textColor: string;
  accentColor: string;
  bgColor: string;
  /** The static image (twice the display size). */
  imageUrl: string;
  /** Frame i is `${framePrefix}${four digits}.${frameFormat}`. */
  framePrefix: string;
  frameFormat: string;
  frameCount: number;
  /** The server-rendered PNG of this face, signed so anyone with the link can open it. */
  sharePath: string;
}

/** The label: the rarity in capitals, or CARD. */
export function cardLabel(rarity: string | null | undefined): string {
  return rarity?.trim() ? rarity.trim().toUpperCase() : CARD_MESSAGES.defaultLabel;
}

/** First and last name, else the part of the email before the at sign, else Guest User. */
export function cardOwnerName(owner: CardOwner | null | undefined): string {
  const name = [owner?.first_name, owner?.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  if (name) return name;
  const local = owner?.email?.split('@')[0]?.trim();
  return local || CARD_MESSAGES.guestOwner;
}

/** The first 19 characters of the id, in capitals. */
export function cardCode(id: string): string {
  return id.slice(0, 19).toUpperCase();
}

const italianDate = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

/** The unlock date in Italian long format, capitalised: '22 Novembre 2026'. */
export function cardDate(value: string | Date | null | undefined): string {
  const date = value ? new Date(value) : new Date();
  if (Number.isNaN(date.getTime())) return '';
  return italianDate.format(date).replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

export const CARD_BRAND_LINE = BRAND.cardLine;

export function framePath(card: Pick<CardView, 'framePrefix' | 'frameFormat'>, index: number): string {
  return `${card.framePrefix}${String(index).padStart(4, '0')}.${card.frameFormat}`;
}

/** `product-card-{name}-{timestamp}.png`, the name made safe for a file name. */
export function cardExportFileName(name: string, timestamp: number): string {
  const safe =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'card';
  return `product-card-${safe}-${timestamp}.png`;
}
