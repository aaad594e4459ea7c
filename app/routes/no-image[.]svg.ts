import { NO_IMAGE_SVG } from '@contract/no-image';

/** The placeholder picture, for structured data of a product without images (and anyone else who links it). */
export function loader() {
  return new Response(NO_IMAGE_SVG, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
