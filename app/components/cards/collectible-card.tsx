import { type CSSProperties, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';

import { CARD_RULES } from '@contract/cards';

import { CARD_BRAND_LINE, cardExportFileName, type CardView } from '~/lib/cards';
import { useI18n } from '~/lib/i18n';

import { useCardExport } from './use-card-export';
import { useCardFrames } from './use-card-frames';
import { useCardTilt } from './use-card-tilt';

/**
 * A collectible card (docs/product.md#cards, docs/product.md#constants). The server renders the static image with the face,
 * and a Share Card link to the server-rendered PNG. With JavaScript, once the card comes into view it
 * loads every frame (showing progress), plays them at 30 fps in a loop and tilts toward the pointer;
 * under reduced motion it keeps the static image. Share Card then exports the face with html2canvas.
 */
export function CollectibleCard({ card }: { card: CardView }) {
  const hydrated = useHydrated();
  const { t } = useI18n();
  const shellRef = useRef<HTMLElement>(null);
  const faceRef = useRef<HTMLDivElement>(null);
  const artRef = useRef<HTMLImageElement>(null);
  const { mode, loaded, setPaused } = useCardFrames(card, shellRef, artRef);
  const { capturing, share } = useCardExport({ card, faceRef, artRef, setPaused });
  const { tilt, untilt } = useCardTilt(faceRef, mode === 'playing' && !capturing);

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
              {t('cards.share')}
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
              aria-label={t('cards.loadingCard', { name: card.name })}
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
        <a
          className="button button--small collectible-card__share-link"
          href={card.sharePath}
          download={cardExportFileName(card.name, Date.parse(card.unlockedAt ?? '') || 0)}
        >
          {t('cards.share')}
        </a>
      </noscript>
    </figure>
  );
}
