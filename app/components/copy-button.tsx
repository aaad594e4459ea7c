import { useEffect, useState } from 'react';

import { SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';

/** Copies `text` to the clipboard, then says 'Copied!' for 2 s. Shown only once JavaScript runs. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  const { t } = useI18n();
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), SHOP_RULES.copyTooltipMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard refused: the number stays selectable on the page.
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={copy} aria-label={label}>
        {t('order.copy')}
      </button>
      <span role="status" aria-live="polite">
        {copied ? t('order.copied') : ''}
      </span>
    </>
  );
}
