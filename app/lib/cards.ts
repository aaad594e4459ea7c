export { CARD_BRAND_LINE, cardCode, cardDate, cardLabel, type CardOwner, cardOwnerName } from '@contract/cards';

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
