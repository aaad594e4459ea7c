/**
 * The picture of a product that has none, or whose picture cannot be had: a grey panel saying
 * 'No Image' (the spec's placeholder), as an SVG any page, feed or crawler can show without script.
 */
export const NO_IMAGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000" preserveAspectRatio="xMidYMid slice" role="img" aria-label="No Image"><rect width="800" height="1000" fill="#e4e0d9"/><text x="400" y="510" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="44" fill="#6b6b6b">No Image</text></svg>`;

/** Where the storefront serves it. */
export const NO_IMAGE_PATH = '/no-image.svg';
