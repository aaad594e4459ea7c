const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** Length of the longest end of `text` that is a start of `PRELOAD` (a tag cut by a chunk border). */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length -= 1) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/**
 * The page's HTML with Remix's module preloads asked for at low priority (ADR 016). Every page is
 * drawn on the server and every form works before the bundles arrive, so the styles and the first
 * image go first. Remix's `<Scripts>` has no way to set it; React escapes `<` in text and data, so
 * the tag can only be Remix's own. A web stream, so Node and the edge share it.
 */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let carried = '';
  const release = (text: string, final: boolean) => {
    const keep = final ? 0 : partialTagAtEnd(text);
    carried = text.slice(text.length - keep);
    return text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  };
  return new TransformStream({
    transform(chunk, controller) {
      const ready = release(carried + decoder.decode(chunk, { stream: true }), false);
      if (ready) controller.enqueue(encoder.encode(ready));
    },
    flush(controller) {
      const rest = release(carried + decoder.decode(), true);
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}
