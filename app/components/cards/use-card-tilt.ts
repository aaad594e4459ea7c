import { type PointerEvent, type RefObject, useCallback } from 'react';

import { CARD_RULES } from '@contract/cards';

/** Puts the card's face back flat. */
export function clearTilt(face: HTMLElement | null) {
  if (face) face.style.transform = '';
}

/**
 * Tilts the card's face toward a mouse or pen over its stage (never for touch), while `enabled`.
 * `tilt` goes on the stage's pointer move, `untilt` on its pointer leave.
 */
export function useCardTilt(faceRef: RefObject<HTMLElement>, enabled: boolean) {
  const tilt = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const face = faceRef.current;
      if (!face || !enabled || event.pointerType === 'touch') return;
      // Over the Share button the face holds still: turning it would move the button from under the pointer.
      if (event.target instanceof Element && event.target.closest('button')) return;
      // Measured on the stage, which never turns, so the tilt does not feed back into itself.
      const box = event.currentTarget.getBoundingClientRect();
      const x = Math.min(1, Math.max(-1, ((event.clientX - box.left) / box.width) * 2 - 1));
      const y = Math.min(1, Math.max(-1, ((event.clientY - box.top) / box.height) * 2 - 1));
      // The face turns to look at the pointer: the near edge comes forward.
      face.style.transform = `rotateX(${(-y * CARD_RULES.maxTiltDegrees).toFixed(2)}deg) rotateY(${(x * CARD_RULES.maxTiltDegrees).toFixed(2)}deg)`;
    },
    [faceRef, enabled],
  );
  const untilt = useCallback(() => clearTilt(faceRef.current), [faceRef]);
  return { tilt, untilt };
}
