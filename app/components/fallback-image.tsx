import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

import { useI18n } from '~/lib/i18n';

/**
 * An image that becomes a grey placeholder when it has none to show or cannot load
 * (docs/product.md#error-messages): 'No Image' unless told otherwise ('Image Error' on the listing).
 */
export function FallbackImage({
  src,
  alt,
  placeholder,
  brokenPlaceholder,
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
  const { t } = useI18n();
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A new image gets its chance; an error that fired before hydration attached the handler counts.
    const element = ref.current;
    setFailed(Boolean(element && element.complete && element.naturalWidth === 0));
  }, [src]);
  if (!src || failed) {
    const missing = placeholder ?? t('image.none');
    const broken = brokenPlaceholder ?? missing;
    const text = src ? broken : missing;
    const className = ['image-placeholder', failed && broken !== missing ? 'image-placeholder--error' : null, placeholderClassName]
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
