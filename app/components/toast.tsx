import { useEffect, useState } from 'react';
import type { Flash } from '~/lib/session.server';
import { MESSAGES } from '~/lib/messages';
import { SHOP_RULES } from '@contract/shop-rules';

/** How long a message stays (docs/product.md#constants): 'already wishlisted' 2 s, other wishlist toasts 3 s. */
export function toastDuration(message: string): number {
  return message === MESSAGES.alreadyInWishlist ? SHOP_RULES.alreadyWishlistedMs : SHOP_RULES.wishlistToastMs;
}

/**
 * The flash left by the last post, in a live region. With JavaScript it leaves after its time;
 * without, it stays on the page the redirect led to.
 */
export function Toast({ flash }: { flash: Flash | null }) {
  const [shown, setShown] = useState(flash);
  useEffect(() => {
    setShown(flash);
    if (!flash) return;
    const timer = window.setTimeout(() => setShown(null), toastDuration(flash.message));
    return () => window.clearTimeout(timer);
  }, [flash]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {shown ? <p className={`toast toast--${shown.kind}`}>{shown.message}</p> : null}
    </div>
  );
}
