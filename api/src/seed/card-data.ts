import { CARD_RULES } from '@contract/cards';

import { CATALOGUE } from './catalogue-data.js';
import type { GarmentColour, GarmentKind } from './drawing/canvas.js';

/** Frames per card animation (docs/product.md#constants). */
export const CARD_ANIMATION_LENGTH = CARD_RULES.animationLength;
/** The frame the static image shows (docs/product.md#constants: capture frame 28). */
export const CARD_CAPTURE_FRAME = CARD_RULES.captureFrame;
/** Frames are drawn at the card's display size; the static image at the export size, for export and sharp screens. */
export const CARD_WIDTH = CARD_RULES.width;
export const CARD_HEIGHT = CARD_RULES.height;
export const CARD_STATIC_SCALE = CARD_RULES.exportScale;

/**
 * Bumped whenever the artwork changes: frames are served as immutable, so new artwork needs new
 * paths. Cards already seeded keep the paths they have until the seed moves them on.
 * Version 2: one artwork per colour of the product (the card shows the colour bought).
 */
export const CARD_ART_VERSION = 2;

export type CardRarity = 'common' | 'rare' | 'epic' | 'legendary';
/** The foil stamped across the card, echoing the garment: tracer lines, quilting, twill ridges, hood rings. */
export type FoilPattern = 'lines' | 'quilt' | 'ridges' | 'rings';

export interface CardDesign {
  productName: string;
  kind: GarmentKind;
  name: string;
  rarity: CardRarity;
  /** The colour the card shows before it is unlocked (and to a buyer whose colour has no artwork). */
  garmentColour: GarmentColour;
  textColor: string;
  accentColor: string;
  bgColor: string;
  foil: FoilPattern;
  /** Hues the foil runs through: start (0–1) and span. */
  hue: readonly [number, number];
  /** Direction the sheen sweeps, in degrees from the x axis. */
  sweepDegrees: number;
}

export const CARD_DESIGNS: readonly CardDesign[] = [
  {
    productName: 'Tracer Tee',
    kind: 'tracer-tee',
    name: 'Tracer Tee',
    rarity: 'common',
    garmentColour: 'RED',
    textColor: '#f4f1ec',
    accentColor: '#ef5a4c',
    bgColor: '#17171a',
    foil: 'lines',
    hue: [0.55, 0.35],
    sweepDegrees: 30,
  },
  {
    productName: 'Padded Tee',
    kind: 'padded-tee',
    name: 'Padded Tee',
    rarity: 'rare',
    garmentColour: 'BEIGE',
    textColor: '#f7f2ea',
    accentColor: '#7fd6cb',
    bgColor: '#163634',
    foil: 'quilt',
    hue: [0.42, 0.45],
    sweepDegrees: 55,
  },
  {
    productName: 'Padded Jorts',
    kind: 'padded-jorts',
    name: 'Padded Jorts',
    rarity: 'epic',
    garmentColour: 'GREY',
    textColor: '#fbf5e9',
    accentColor: '#ff8fc8',
    bgColor: '#2a1d40',
    foil: 'ridges',
    hue: [0.78, 0.5],
    sweepDegrees: 12,
  },
  {
    productName: 'Tracer Hoodie',
    kind: 'tracer-hoodie',
    name: 'Tracer Hoodie',
    rarity: 'legendary',
    garmentColour: 'BLACK',
    textColor: '#fff8e6',
    accentColor: '#f2c14e',
    bgColor: '#1c2a4d',
    foil: 'rings',
    hue: [0, 1],
    sweepDegrees: 70,
  },
];

/** One artwork of a card: its design, with the garment in one colour of the product. */
export interface CardArt {
  design: CardDesign;
  colour: GarmentColour;
}

/** Every artwork of the given cards: one per colour its product is sold in. */
export function cardArts(designs: readonly CardDesign[] = CARD_DESIGNS): CardArt[] {
  return designs.flatMap((design) => {
    const colours = CATALOGUE.find((product) => product.name === design.productName)?.colours ?? [design.garmentColour];
    return colours.map((colour) => ({ design, colour }));
  });
}

/** Where a card's files live in the cards bucket: a folder per colour. */
export const cardPaths = {
  folder: (kind: GarmentKind, colour: GarmentColour) => `${kind}/v${CARD_ART_VERSION}/${colour.toLowerCase()}`,
  filePrefix: 'frame_',
  format: 'webp',
  frame: (folder: string, prefix: string, index: number, format: string) =>
    `${folder}/${prefix}${String(index).padStart(4, '0')}.${format}`,
  image: (kind: GarmentKind, colour: GarmentColour) => `${cardPaths.folder(kind, colour)}/static.webp`,
};
