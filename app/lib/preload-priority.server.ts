import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

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
 * the tag can only be Remix's own.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder('utf8');
  let carried = '';
  const release = (text: string, final: boolean) => {
    const keep = final ? 0 : partialTagAtEnd(text);
    carried = text.slice(text.length - keep);
    return text.slice(0, text.length - keep).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carried + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      const ready = release(text, false);
      done(null, ready || undefined);
    },
    flush(done) {
      const rest = release(carried + decoder.end(), true);
      done(null, rest || undefined);
    },
  });
}
