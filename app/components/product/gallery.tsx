import type { ResponsiveImage } from '~/lib/images';

import { FallbackImage } from '../fallback-image';

/**
 * Main image and thumbnails. Thumbnails are links (`?image=n`), so they work without JavaScript;
 * with it, `onSelect` switches in place.
 */
export function Gallery({
  images,
  index,
  productName,
  hrefFor,
  onSelect,
}: {
  images: ResponsiveImage[];
  index: number;
  productName: string;
  hrefFor: (index: number) => string;
  onSelect?: (index: number) => void;
}) {
  const current = images[index] ?? images[0];
  return (
    <section className="gallery" aria-label={`${productName} images`}>
      <div className="gallery__main">
        <FallbackImage
          key={current?.src}
          src={current?.src}
          srcSet={current?.srcSet}
          sizes="(max-width: 768px) 100vw, 50vw"
          width={current?.width}
          height={current?.height}
          alt={current?.alt ?? ''}
          style={current?.position ? { objectPosition: current.position } : undefined}
          // The main image is the page's largest paint: never lazy.
          loading="eager"
          {...{ fetchpriority: 'high' }}
          decoding="async"
        />
      </div>
      {images.length > 1 ? (
        <ul className="gallery__thumbs">
          {images.map((image, i) => (
            <li key={image.src}>
              <a
                href={hrefFor(i)}
                className="gallery__thumb"
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Show image ${i + 1} of ${images.length}: ${image.alt}`}
                onClick={
                  onSelect
                    ? (event) => {
                        event.preventDefault();
                        onSelect(i);
                      }
                    : undefined
                }
              >
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  sizes="96px"
                  srcSet={image.srcSet}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
