import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientOnly } from 'remix-utils/client-only';

import { SHOP_RULES } from '@contract/shop-rules';

import { useI18n } from '~/lib/i18n';

import { DotGrid } from './dot-grid';
import { ProductCard, type ProductCardData } from './product-card';

/** Mobile per docs/product.md#constants: narrow and touch. */
function isTouchPhone(): boolean {
  return (
    window.matchMedia(`(max-width: ${SHOP_RULES.mobileMaxWidth}px)`).matches && (navigator.maxTouchPoints > 0 || 'ontouchstart' in window)
  );
}

/** On a phone, the card whose centre is nearest the screen centre, within 200 px, is the active one. */
function useActiveCardOnScroll(list: React.RefObject<HTMLUListElement>, setActive: (key: string | null) => void) {
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      if (!list.current || !isTouchPhone()) return;
      const centre = window.innerHeight / 2;
      let best: { key: string; distance: number } | null = null;
      for (const card of list.current.querySelectorAll<HTMLElement>('[data-card-key]')) {
        const box = card.getBoundingClientRect();
        const distance = Math.abs(box.top + box.height / 2 - centre);
        if (distance <= SHOP_RULES.activeCardRadiusPx && (!best || distance < best.distance))
          best = { key: card.dataset.cardKey!, distance };
      }
      setActive(best?.key ?? null);
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [list, setActive]);
}

/** The listing's three states: error, empty, grid (with the dot grid behind it once JavaScript runs). */
export function ProductListing({
  products,
  error,
  wishlisted = [],
  userEmail = null,
}: {
  products: ProductCardData[];
  error: string | null;
  wishlisted?: string[];
  userEmail?: string | null;
}) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const { t } = useI18n();
  const list = useRef<HTMLUListElement>(null);
  const activate = useCallback((key: string | null) => {
    // Hover drives the desktop; on a phone the scroll position does.
    if (!isTouchPhone()) setActiveKey(key);
  }, []);
  useActiveCardOnScroll(list, setActiveKey);

  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {t('grid.errorLoading', { message: error })}
      </p>
    );
  }
  if (products.length === 0) return <p className="notice">{t('grid.empty')}</p>;
  const active = products.find((p) => p.key === activeKey) ?? null;
  return (
    <>
      <ClientOnly>{() => <DotGrid list={list} activeKey={active?.key ?? null} accent={active?.accent ?? null} />}</ClientOnly>
      <ul className="product-grid" ref={list}>
        {products.map((product, index) => (
          <ProductCard
            key={product.key}
            product={product}
            index={index}
            active={product.key === activeKey}
            wishlisted={wishlisted.includes(product.variantId ?? product.productId)}
            userEmail={userEmail}
            onActivate={activate}
          />
        ))}
      </ul>
    </>
  );
}
