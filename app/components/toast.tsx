import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';
import type { Flash } from '~/lib/session.server';

/** How long a message stays (docs/product.md#constants): 'already wishlisted' 2 s, other wishlist toasts 3 s. */
export function toastDuration(flash: Pick<Flash, 'brief'>): number {
  return flash.brief ? SHOP_RULES.alreadyWishlistedMs : SHOP_RULES.wishlistToastMs;
}

/**
 * The flash left by the last post, in a live region. With JavaScript a success leaves after its time
 * and an error stays until it is dismissed (a shopper may be looking away when it comes), even when
 * the page's data is read again without it; without,
 * either stays on the page the redirect led to.
 */
export function Toast({ flash }: { flash: Flash | null }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(flash);
  const { t } = useI18n();
  useEffect(() => {
    // A page read again without a new message (a revalidation) keeps an error on screen until dismissed.
    setShown((current) => (flash || current?.kind !== 'error' ? flash : current));
    if (!flash || flash.kind === 'error') return;
    const timer = window.setTimeout(() => setShown(null), toastDuration(flash));
    return () => window.clearTimeout(timer);
  }, [flash]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? (
        <p className={`toast toast--${shown.kind}`}>
          {shown.message}
          {hydrated && shown.kind === 'error' ? (
            <button type="button" className="toast__dismiss" aria-label={t('toast.dismiss')} onClick={() => setShown(null)}>
              ×
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
