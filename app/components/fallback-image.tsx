import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

import { MESSAGES } from '~/lib/messages';

/**
 * An image that becomes a grey placeholder when it has none to show or cannot load
 * (docs/product.md#error-messages): 'No Image' unless told otherwise ('Image Error' on the listing).
 */
export function FallbackImage({
  src,
  alt,
  placeholder = MESSAGES.noImage,
  brokenPlaceholder = placeholder,
  placeholderClassName,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & {
  /** Required: the image's text, or '' when the words beside it already say what it shows. */
  alt: string;
  placeholder?: string;
  brokenPlaceholder?: string;
  placeholderClassName?: string;
}) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A new image gets its chance; an error that fired before hydration attached the handler counts.
    const element = ref.current;
    setFailed(Boolean(element && element.complete && element.naturalWidth === 0));
  }, [src]);
  if (!src || failed) {
    const text = src ? brokenPlaceholder : placeholder;
    const className = [
      'image-placeholder',
      failed && brokenPlaceholder !== placeholder ? 'image-placeholder--error' : null,
      placeholderClassName,
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={className} role="img" aria-label={text}>
        {text}
      </div>
    );
  }
  return <img ref={ref} src={src} alt={alt} {...img} onError={() => setFailed(true)} />;
}
