import type { SizeChartRecord } from '../db/schema.js';
import type { GarmentColour, GarmentKind, GarmentView } from './drawing/canvas.js';

/** The brand's catalogue as the seed writes it. Prices are integer cents. */
export interface SeedProduct {
  kind: GarmentKind;
  name: string;
  category: string;
  price: number;
  launchDate: string;
  shortDescription: string;
  longDescription: string;
  colours: GarmentColour[];
  /** Stock per `${colour} ${size}`; a missing entry means 0. */
  stock: Record<string, number>;
  /** Variants that also appear on their own in the listing, with the text their link options come from. */
  listed: Record<string, string>;
  sizeChart: Omit<SizeChartRecord, 'measurementGuideImagePath' | 'productName'>;
}

export const SIZES = ['S/M', 'L/XL'] as const;
export const MATERIAL = 'COTTON';
export const TREATMENT = 'PLAIN';
export const MATERIAL_DESCRIPTION = '100% cotton';
export const TREATMENT_DESCRIPTION = 'Plain, no print';
export const VIEWS: GarmentView[] = ['front', 'back', 'detail'];

/** Attribute order is the display order of docs/product.md#constants: colour, treatment, material, then size. */
export const ATTRIBUTE_ORDER = { color: 1, treatment: 2, material: 3, size: 4 } as const;

export const COLOUR_DESCRIPTIONS: Record<GarmentColour, string> = {
  BLACK: 'Ink black',
  RED: 'Signal red',
  BEIGE: 'Sand beige',
  GREY: 'Concrete grey',
};
export const SIZE_DESCRIPTIONS: Record<(typeof SIZES)[number], string> = {
  'S/M': 'Small to medium',
  'L/XL': 'Large to extra large',
};

const teeMeasurements = [
  { code: 'A', name: 'Chest width' },
  { code: 'B', name: 'Body length' },
  { code: 'C', name: 'Shoulder width' },
  { code: 'D', name: 'Sleeve length' },
];
const cm = (value: number) => ({ value, valueInches: Math.round((value / 2.54) * 10) / 10 });

function sizes(rows: Record<string, number[]>, points: { code: string }[]) {
  return Object.entries(rows).map(([sizeName, values]) => ({
    sizeName,
    measurements: points.map((point, i) => ({ measurementCode: point.code, ...cm(values[i]) })),
  }));
}

export const CATALOGUE: SeedProduct[] = [
  {
    kind: 'tracer-tee',
    name: 'Tracer Tee',
    category: 'T-Shirts',
    price: 4500,
    launchDate: '2026-03-14T10:00:00Z',
    shortDescription: 'Heavyweight cotton tee with a single tracer line across chest and sleeves.',
    longDescription:
      'The Tracer Tee is where the studio started: a 240 gsm combed cotton jersey, knitted in Biella and cut in our Genoa workroom, ' +
      'with one contrasting tracer line stitched by hand across the chest and down both sleeves. The body is straight with dropped ' +
      'shoulders, the collar is a dense 2 cm rib that keeps its shape after hundreds of washes, and every seam is twin-needle. ' +
      'Pre-washed, so what you try on is what you keep. Wash cold, inside out, and hang to dry.',
    colours: ['BLACK', 'RED', 'BEIGE', 'GREY'],
    stock: {
      'BLACK S/M': 40,
      'BLACK L/XL': 35,
      'RED S/M': 0,
      'RED L/XL': 12,
      'BEIGE S/M': 20,
      'BEIGE L/XL': 18,
      'GREY S/M': 25,
      'GREY L/XL': 22,
    },
    listed: { 'RED L/XL': 'RED L/XL · COTTON · PLAIN. The Tracer in signal red, last sizes.' },
    sizeChart: {
      productDescription: 'Heavyweight 240 gsm cotton tee with a tracer line.',
      fitDescription: 'Relaxed fit with dropped shoulders. Take your usual size; size down for a closer fit.',
      sizingTips: ['Measure a tee you love lying flat and compare with the chart.', 'Pre-washed: shrinkage stays under 2%.'],
      modelInfo: [
        { modelDescription: 'Marco is 183 cm tall and wears L/XL.' },
        { modelDescription: 'Giulia is 170 cm tall and wears S/M.' },
      ],
      specialFeatures: [
        { name: 'Tracer line', description: 'A single contrasting line, hand-stitched across chest and sleeves.' },
        { name: 'Dense rib collar', description: '2 cm rib that keeps its shape.' },
      ],
      sizeChart: {
        measurementPoints: teeMeasurements,
        sizes: sizes({ 'S/M': [54, 70, 50, 22], 'L/XL': [60, 75, 55, 24] }, teeMeasurements),
      },
      conversionChart: {
        conversions: [
          { teeSize: 'S/M', usUkWaist: ['S', 'M'], italianSize: ['46', '48'] },
          { teeSize: 'L/XL', usUkWaist: ['L', 'XL'], italianSize: ['50', '52', '54'] },
        ],
      },
    },
  },
  {
    kind: 'padded-tee',
    name: 'Padded Tee',
    category: 'T-Shirts',
    price: 8500,
    launchDate: '2026-06-20T10:00:00Z',
    shortDescription: 'Boxy tee with a quilted, lightly padded body panel.',
    longDescription:
      'The Padded Tee takes a tee and gives it the structure of a liner: the body is two layers of cotton jersey with a thin recycled ' +
      'wadding between them, quilted in a diamond pattern so it holds a boxy shape without weight. The sleeves stay single layer for ' +
      'movement. Worn alone in spring, over a long sleeve in autumn. Made in a run of a few hundred pieces per colour; when a colour ' +
      'is gone it is gone until the next batch.',
    colours: ['BLACK', 'BEIGE', 'GREY'],
    stock: { 'BLACK S/M': 15, 'BLACK L/XL': 12, 'BEIGE S/M': 8, 'BEIGE L/XL': 0, 'GREY S/M': 10, 'GREY L/XL': 9 },
    listed: { 'BEIGE S/M': 'BEIGE S/M · COTTON · PLAIN. The Padded Tee in undyed sand.' },
    sizeChart: {
      productDescription: 'Quilted double-layer cotton tee.',
      fitDescription: 'Boxy, cropped at the hip. Size up for a longer body.',
      sizingTips: ['The padding adds about 1 cm to the chest compared with a plain tee.', 'Between sizes? Take the larger one.'],
      modelInfo: [{ modelDescription: 'Luca is 180 cm tall and wears L/XL.' }],
      specialFeatures: [
        { name: 'Diamond quilting', description: 'Recycled wadding between two jersey layers.' },
        { name: 'Single-layer sleeves', description: 'For movement and air.' },
      ],
      sizeChart: {
        measurementPoints: teeMeasurements,
        sizes: sizes({ 'S/M': [57, 66, 52, 21], 'L/XL': [63, 70, 57, 23] }, teeMeasurements),
      },
      conversionChart: {
        conversions: [
          { teeSize: 'S/M', usUkWaist: ['S', 'M'], italianSize: ['46', '48'] },
          { teeSize: 'L/XL', usUkWaist: ['L', 'XL'], italianSize: ['50', '52', '54'] },
        ],
      },
    },
  },
  {
    kind: 'padded-jorts',
    name: 'Padded Jorts',
    category: 'Bottoms',
    price: 12000,
    launchDate: '2026-09-05T10:00:00Z',
    shortDescription: 'Wide-leg quilted shorts in heavy cotton twill.',
    longDescription:
      'Padded Jorts are cut wide and long, to just above the knee, in a 12 oz cotton twill that is quilted on the front panels for a ' +
      'structured, sculpted leg. Five pockets, a flat waistband with belt loops, a metal button and a YKK zip. Garment washed after ' +
      'quilting, so the padding settles into soft ridges. Pair them with a Tracer Tee and you have the studio uniform.',
    colours: ['BLACK', 'BEIGE', 'GREY'],
    stock: { 'BLACK S/M': 10, 'BLACK L/XL': 10, 'BEIGE S/M': 6, 'BEIGE L/XL': 4, 'GREY S/M': 7, 'GREY L/XL': 0 },
    listed: {},
    sizeChart: {
      productDescription: 'Quilted wide-leg shorts in 12 oz cotton twill.',
      fitDescription: 'High rise, wide leg, ends just above the knee.',
      sizingTips: ['Choose by waist: the leg is wide in every size.', 'Wear with a belt for a cinched look.'],
      modelInfo: [{ modelDescription: 'Marco is 183 cm tall with an 82 cm waist and wears L/XL.' }],
      specialFeatures: [
        { name: 'Quilted front panels', description: 'Sculpted ridges that soften with wear.' },
        { name: 'Five pockets', description: 'Deep front pockets, coin pocket and two back pockets.' },
      ],
      sizeChart: {
        measurementPoints: [
          { code: 'A', name: 'Waist' },
          { code: 'B', name: 'Hip' },
          { code: 'C', name: 'Inseam' },
          { code: 'D', name: 'Outseam' },
        ],
        sizes: sizes({ 'S/M': [78, 104, 20, 50], 'L/XL': [86, 112, 21, 53] }, [{ code: 'A' }, { code: 'B' }, { code: 'C' }, { code: 'D' }]),
      },
      conversionChart: {
        conversions: [
          { jortsSize: 'S/M', usUkWaist: ['28', '30', '31'], italianSize: ['44', '46', '48'] },
          { jortsSize: 'L/XL', usUkWaist: ['32', '33', '34', '36'], italianSize: ['50', '52', '54'] },
        ],
      },
    },
  },
  {
    kind: 'tracer-hoodie',
    name: 'Tracer Hoodie',
    category: 'Outerwear',
    price: 15000,
    launchDate: '2025-11-28T10:00:00Z',
    shortDescription: 'Brushed-back fleece hoodie with the tracer line. Sold out, restocking soon.',
    longDescription:
      'The Tracer Hoodie is a 420 gsm brushed-back cotton fleece with a double-layer hood, flat drawcords and a kangaroo pocket, ' +
      'finished with the tracer line running from the hood down the sleeves. The first batch sold out in days; the next one is on ' +
      'the knitting machines now. Leave your email and we will write to you the moment it is back.',
    colours: ['BLACK', 'GREY'],
    stock: {},
    listed: {},
    sizeChart: {
      productDescription: 'Heavy brushed-back fleece hoodie.',
      fitDescription: 'Relaxed fit, ribbed cuffs and hem.',
      sizingTips: ['Layer over a tee: the chest is cut roomy.'],
      modelInfo: [{ modelDescription: 'Giulia is 170 cm tall and wears S/M.' }],
      specialFeatures: [{ name: 'Double-layer hood', description: 'Keeps its shape, with flat drawcords.' }],
      sizeChart: {
        measurementPoints: teeMeasurements,
        sizes: sizes({ 'S/M': [58, 68, 52, 60], 'L/XL': [64, 73, 57, 63] }, teeMeasurements),
      },
      conversionChart: {
        conversions: [
          { hoodieSize: 'S/M', usUkWaist: ['S', 'M'], italianSize: ['46', '48'] },
          { hoodieSize: 'L/XL', usUkWaist: ['L', 'XL'], italianSize: ['50', '52', '54'] },
        ],
      },
    },
  },
];

const COLOUR_CODES: Record<GarmentColour, string> = { BLACK: 'BLK', RED: 'RED', BEIGE: 'BEI', GREY: 'GRY' };
const SIZE_CODES: Record<(typeof SIZES)[number], string> = { 'S/M': 'SM', 'L/XL': 'LXL' };
const KIND_CODES: Record<GarmentKind, string> = { 'tracer-tee': 'TT', 'padded-tee': 'PT', 'padded-jorts': 'PJ', 'tracer-hoodie': 'TH' };

export function variantSku(kind: GarmentKind, colour: GarmentColour, size: (typeof SIZES)[number]): string {
  return `${KIND_CODES[kind]}-${COLOUR_CODES[colour]}-${SIZE_CODES[size]}`;
}

/** Storage paths inside the product-images bucket; the image generator writes exactly these. */
export const imagePaths = {
  garment: (kind: GarmentKind, colour: GarmentColour, view: GarmentView) => `${kind}/${colour.toLowerCase()}-${view}.webp`,
  background: (kind: GarmentKind) => `${kind}/background.webp`,
  sizeGuide: (kind: GarmentKind) => `${kind}/size-guide.webp`,
};
