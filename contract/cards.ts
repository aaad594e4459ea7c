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
