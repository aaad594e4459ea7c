import { useCallback, useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { CARD_RULES } from '@contract/cards';
import { CARD_BRAND_LINE, cardExportFileName, framePath, type CardView } from '~/lib/cards';
import { CARD_MESSAGES } from '~/lib/messages';

type Mode = 'idle' | 'loading' | 'playing' | 'static';

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

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A collectible card (spec §3 card face, §4, §9). The server renders the static image with the face,
 * and a Share Card link to the server-rendered PNG. With JavaScript, once the card comes into view it
 * loads every frame (showing progress), plays them at 30 fps in a loop and tilts toward the pointer;
 * under reduced motion it keeps the static image. Share Card then exports the face with html2canvas.
 */
export function CollectibleCard({ card }: { card: CardView }) {
  const hydrated = useHydrated();
  const shellRef = useRef<HTMLDivElement>(null);
  const faceRef = useRef<HTMLDivElement>(null);
  const artRef = useRef<HTMLImageElement>(null);
  const frames = useRef<HTMLImageElement[]>([]);
  const visible = useRef(false);
  const paused = useRef(false);
  const [mode, setMode] = useState<Mode>('idle');
  const [loaded, setLoaded] = useState(0);
  const [capturing, setCapturing] = useState(false);

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
  }, []);

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
  }, [mode]);

  const tilt = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      const face = faceRef.current;
      if (!face || mode !== 'playing' || capturing || event.pointerType === 'touch') return;
      // Measured on the stage, which never turns, so the tilt does not feed back into itself.
      const box = event.currentTarget.getBoundingClientRect();
      const x = Math.min(1, Math.max(-1, ((event.clientX - box.left) / box.width) * 2 - 1));
      const y = Math.min(1, Math.max(-1, ((event.clientY - box.top) / box.height) * 2 - 1));
      // The face turns to look at the pointer: the near edge comes forward.
      face.style.transform = `rotateX(${(-y * CARD_RULES.maxTiltDegrees).toFixed(2)}deg) rotateY(${(x * CARD_RULES.maxTiltDegrees).toFixed(2)}deg)`;
    },
    [mode, capturing],
  );
  const untilt = useCallback(() => {
    if (faceRef.current) faceRef.current.style.transform = '';
  }, []);

  const share = async () => {
    const face = faceRef.current;
    const art = artRef.current;
    if (!face || !art) return;
    setCapturing(true);
    paused.current = true;
    untilt();
    // The static image is the capture frame drawn at export size: sharper than the frame itself.
    art.src = card.imageUrl;
    try {
      await nextPaint();
      const { default: html2canvas } = await import('html2canvas');
      const canvas = await html2canvas(face, {
        width: CARD_RULES.width,
        height: CARD_RULES.height,
        scale: CARD_RULES.exportScale,
        useCORS: true,
        imageTimeout: CARD_RULES.imageTimeoutMs,
        backgroundColor: null,
        logging: false,
      });
      if (!canvas.width || !canvas.height) {
        window.alert(CARD_MESSAGES.canvasNoDimensions);
        return;
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) {
        window.alert(CARD_MESSAGES.blobFailed);
        return;
      }
      download(blob, cardExportFileName(card.name, Date.now()));
    } catch (error) {
      window.alert(CARD_MESSAGES.captureFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      paused.current = false;
      setCapturing(false);
    }
  };

  const ready = mode === 'playing' || mode === 'static';
  const progress = Math.round((loaded / card.frameCount) * 100);
  const style = { '--card-bg': card.bgColor, '--card-text': card.textColor, '--card-accent': card.accentColor } as CSSProperties;

  return (
    <figure
      className="collectible-card-shell"
      ref={shellRef}
      aria-label={`${card.name} card`}
      data-testid="collectible-card"
      data-state={hydrated ? mode : 'static'}
      data-frame-prefix={card.framePrefix}
      data-frame-format={card.frameFormat}
      data-frame-count={card.frameCount}
    >
      <div className="collectible-card-stage" onPointerMove={tilt} onPointerLeave={untilt}>
        <div className={capturing ? 'collectible-card collectible-card--capturing' : 'collectible-card'} ref={faceRef} style={style}>
          <img
            ref={artRef}
            className="collectible-card__art"
            src={card.imageUrl}
            width={CARD_RULES.width}
            height={CARD_RULES.height}
            alt=""
            crossOrigin="anonymous"
            decoding="async"
          />
          <span className="collectible-card__label">{card.label}</span>
          {hydrated && ready && !capturing ? (
            <button type="button" className="collectible-card__share" onClick={share}>
              {CARD_MESSAGES.shareCard}
            </button>
          ) : null}
          <div className="collectible-card__body">
            <p className="collectible-card__name">{card.name}</p>
            <p className="collectible-card__owner">{card.owner}</p>
            <p className="collectible-card__code">{card.code}</p>
          </div>
          <div className="collectible-card__footer">
            <span>{CARD_BRAND_LINE}</span>
            {card.unlockedAt ? <time dateTime={card.unlockedAt}>{card.date}</time> : <span>{card.date}</span>}
          </div>
          {hydrated && mode === 'loading' ? (
            <div
              className="collectible-card__progress"
              role="progressbar"
              aria-label={`Loading the ${card.name} card`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
            >
              <span style={{ width: `${progress}%` }} />
              <small>{progress}%</small>
            </div>
          ) : null}
        </div>
      </div>
      <noscript>
        <a className="button button--small collectible-card__share-link" href={card.sharePath} download={cardExportFileName(card.name, Date.parse(card.unlockedAt ?? '') || 0)}>
          {CARD_MESSAGES.shareCard}
        </a>
      </noscript>
    </figure>
  );
}
