import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';

/** Share: the native sheet where there is one, else copy the link ('Link copied!' for 2 s); without JavaScript a visible link. */
export function ShareButton({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const { t } = useI18n();
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHOP_RULES.copyTooltipMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!hydrated) {
    return (
      <p className="share share--link">
        {t('product.share')}: <a href={url}>{url}</a>
      </p>
    );
  }
  const share = async () => {
    // The current address carries the chosen options.
    const link = window.location.href || url;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
        return;
      } catch (error) {
        if ((error as DOMException).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (permissions): select-and-copy is still possible from the address bar.
      return;
    }
    setCopied(true);
  };
  return (
    <div className="share">
      <button type="button" className="button button--ghost" onClick={share}>
        {t('product.share')}
      </button>
      <span className="share__tooltip" role="status" aria-live="polite">
        {copied ? t('product.linkCopied') : ''}
      </span>
    </div>
  );
}
