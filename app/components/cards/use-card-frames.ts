import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

import { CARD_RULES } from '@contract/cards';

import { type CardView, framePath } from '~/lib/cards';

/** idle until near the viewport, then loading its frames, then playing them; static under reduced motion or a missing frame. */
export type CardMode = 'idle' | 'loading' | 'playing' | 'static';

const FRAME_MS = 1000 / CARD_RULES.fps;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    // Frames come from the storage origin; CORS keeps the export's canvas readable.
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

/**
 * The card's animation: starts loading its frames once the card comes near the viewport, counts them
 * in, then plays them into the art image at the card's frame rate while the card is visible. Under
 * reduced motion the static image stays. `setPaused` holds playback on the frame it shows.
 */
export function useCardFrames(card: CardView, shellRef: RefObject<HTMLElement>, artRef: RefObject<HTMLImageElement>) {
  const frames = useRef<HTMLImageElement[]>([]);
  const visible = useRef(false);
  const paused = useRef(false);
  const [mode, setMode] = useState<CardMode>('idle');
  const [loaded, setLoaded] = useState(0);

  // Start when the card comes near the viewport: a carousel's hidden slides load only when shown.
  useEffect(() => {
    const shell = shellRef.current;
    if (!shell) return;
    if (prefersReducedMotion()) {
      const art = artRef.current;
      if (art?.complete && art.naturalWidth) setMode('static');
      else art?.addEventListener('load', () => setMode('static'), { once: true });
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        visible.current = entry.isIntersecting;
        if (entry.isIntersecting) setMode((current) => (current === 'idle' ? 'loading' : current));
      },
      { rootMargin: '100px' },
    );
    observer.observe(shell);
    return () => observer.disconnect();
  }, [shellRef, artRef]);

  useEffect(() => {
    if (mode !== 'loading') return;
    let cancelled = false;
    let done = 0;
    const sources = Array.from({ length: card.frameCount }, (_, i) => framePath(card, i));
    Promise.all(
      sources.map((src) =>
        loadImage(src).then((image) => {
          done += 1;
          if (!cancelled) setLoaded(done);
          return image;
        }),
      ),
    ).then(
      (images) => {
        if (cancelled) return;
        frames.current = images;
        setMode('playing');
      },
      () => {
        // A missing frame: the static image stays, and the card can still be shared.
        if (!cancelled) setMode('static');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [mode, card]);

  useEffect(() => {
    if (mode !== 'playing') return;
    let handle = 0;
    let shown = -1;
    const start = performance.now();
    const tick = (now: number) => {
      handle = requestAnimationFrame(tick);
      if (!visible.current || paused.current || document.hidden) return;
      const index = Math.floor((now - start) / FRAME_MS) % frames.current.length;
      if (index === shown || !artRef.current) return;
      shown = index;
      artRef.current.src = frames.current[index].src;
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [mode, artRef]);

  const setPaused = useCallback((value: boolean) => {
    paused.current = value;
  }, []);

  return { mode, loaded, setPaused };
}
