import { type RefObject, useState } from 'react';

import { CARD_RULES } from '@contract/cards';

import { cardExportFileName, type CardView } from '~/lib/cards';
import { useI18n } from '~/lib/i18n';

import { clearTilt } from './use-card-tilt';

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
 * Share Card: holds the animation, lays the face flat with the static image, draws it with
 * html2canvas at export size and downloads the PNG. `capturing` is true while that runs.
 */
export function useCardExport({
  card,
  faceRef,
  artRef,
  setPaused,
}: {
  card: CardView;
  faceRef: RefObject<HTMLElement>;
  artRef: RefObject<HTMLImageElement>;
  setPaused: (paused: boolean) => void;
}) {
  const [capturing, setCapturing] = useState(false);
  const { t } = useI18n();

  const share = async () => {
    const face = faceRef.current;
    const art = artRef.current;
    if (!face || !art) return;
    setCapturing(true);
    setPaused(true);
    clearTilt(face);
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
        window.alert(t('cards.noDimensions'));
        return;
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) {
        window.alert(t('cards.blobFailed'));
        return;
      }
      download(blob, cardExportFileName(card.name, Date.now()));
    } catch (error) {
      window.alert(t('cards.captureFailed', { message: error instanceof Error ? error.message : String(error) }));
    } finally {
      setPaused(false);
      setCapturing(false);
    }
  };

  return { capturing, share };
}
