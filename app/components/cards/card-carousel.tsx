import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import type { CardView } from '~/lib/cards';
import { useI18n } from '~/lib/i18n';
import cardStyles from '~/styles/cards.css';

import { CollectibleCard } from './collectible-card';

export { CollectibleCard } from './collectible-card';
export type { CardView } from '~/lib/cards';

/** The stylesheet of the cards and the carousel, for the `links` of any route that shows them. */
export const cardStylesheet = { rel: 'stylesheet', href: cardStyles } as const;

interface CarouselProps {
  cards: CardView[];
  /** How many cards there are to collect: shown as 'n out of total' (docs/product.md#profile). */
  total?: number | null;
  /** The carousel's accessible name. */
  label?: string;
  /** Prefix of the slides' ids (anchors), unique on the page. */
  idPrefix?: string;
}

/** The slide in view: it follows the strip when swiped or scrolled, and `go` moves to a slide (wrapping around). */
function useSlideIndex(viewportRef: React.RefObject<HTMLDivElement>, count: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || count < 2) return;
    const slides = [...viewport.querySelectorAll<HTMLElement>('[data-slide-index]')];
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setIndex(Number((entry.target as HTMLElement).dataset.slideIndex));
        }
      },
      { root: viewport, threshold: 0.6 },
    );
    for (const slide of slides) observer.observe(slide);
    return () => observer.disconnect();
  }, [count, viewportRef]);

  const go = useCallback(
    (target: number) => {
      const viewport = viewportRef.current;
      if (!viewport || !count) return;
      const next = ((target % count) + count) % count;
      setIndex(next);
      const slide = viewport.querySelector<HTMLElement>(`[data-slide-index="${next}"]`);
      if (!slide) return;
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      viewport.scrollTo({ left: slide.offsetLeft, behavior: reduced ? 'auto' : 'smooth' });
    },
    [count, viewportRef],
  );
  return [index, go] as const;
}

/**
 * A carousel of collectible cards. Without JavaScript it is a scroll-snap strip, and the dots are
 * links to each slide. With JavaScript the arrows, the dots and the arrow keys move one card at a
 * time and wrap around; the current card follows the strip when it is swiped or scrolled.
 * With no cards it says so (docs/product.md#cards).
 */
export function CardCarousel({ cards, total = null, label, idPrefix = 'card' }: CarouselProps) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const viewportRef = useRef<HTMLDivElement>(null);
  const count = cards.length;
  const slideId = (card: CardView) => `${idPrefix}-${card.id}`;

  const [index, go] = useSlideIndex(viewportRef, count);

  if (!count) {
    return (
      <div className="card-carousel card-carousel--empty">
        <p className="card-carousel__empty-title">{t('cards.noneYet')}</p>
        <p>{t('cards.makePurchase')}</p>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onDot = (i: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    go(i);
  };

  return (
    <section
      className="card-carousel"
      aria-roledescription="carousel"
      aria-label={label ?? t('cards.yourCards')}
      onKeyDown={hydrated && count > 1 ? onKeyDown : undefined}
    >
      {total != null ? (
        <p className="card-carousel__count" data-testid="cards-count">
          {t('cards.outOf', { count, total })}
        </p>
      ) : null}
      {/* Focusable, so the strip can be scrolled from the keyboard before any card has a button. */}
      <div className="card-carousel__viewport" ref={viewportRef} role="group" aria-label={t('cards.cards')} tabIndex={0}>
        <div className="card-carousel__track">
          {cards.map((card, i) => (
            <div
              key={card.id}
              id={slideId(card)}
              className="card-carousel__slide"
              data-slide-index={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('cards.slide', { index: i + 1, count, name: card.name })}
            >
              <CollectibleCard card={card} />
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="card-carousel__controls">
          {hydrated ? (
            <button type="button" className="card-carousel__arrow" aria-label={t('cards.previous')} onClick={() => go(index - 1)}>
              <span aria-hidden="true">‹</span>
            </button>
          ) : null}
          <ul className="card-carousel__dots">
            {cards.map((card, i) => (
              <li key={card.id}>
                <a
                  className="card-carousel__dot"
                  href={`#${slideId(card)}`}
                  aria-label={t('cards.show', { index: i + 1, name: card.name })}
                  aria-current={hydrated && i === index ? 'true' : undefined}
                  onClick={hydrated ? onDot(i) : undefined}
                />
              </li>
            ))}
          </ul>
          {hydrated ? (
            <button type="button" className="card-carousel__arrow" aria-label={t('cards.next')} onClick={() => go(index + 1)}>
              <span aria-hidden="true">›</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
