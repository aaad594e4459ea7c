/**
 * Flat vector illustrations of the catalogue garments, drawn as plain SVG strings.
 *
 * Pure and deterministic: no I/O, no randomness (a seeded PRNG drives the background layouts),
 * no external references, no text except the A–D labels of the size guides. The seed rasterises
 * these strings with sharp (librsvg), so only features librsvg renders well are used: paths,
 * gradients, patterns, clip paths and Gaussian blur.
 */

// Sizes and names every drawing shares: the garments, their colours and views, and the two canvases.

export type GarmentKind = 'tracer-tee' | 'padded-tee' | 'padded-jorts' | 'tracer-hoodie';
export type GarmentColour = 'BLACK' | 'RED' | 'BEIGE' | 'GREY';
export type GarmentView = 'front' | 'back' | 'detail';

export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 1500;
export const BACKGROUND_WIDTH = 1920;
export const BACKGROUND_HEIGHT = 1080;

export const W = ILLUSTRATION_WIDTH;
export const H = ILLUSTRATION_HEIGHT;
export const CX = W / 2;
