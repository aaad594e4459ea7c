const encoder = new TextEncoder();
/** Remix's module preload tag, as bytes: `<` never occurs inside a multi-byte UTF-8 character. */
const PRELOAD = encoder.encode('<link rel="modulepreload"');
const LOW_PRIORITY = encoder.encode(' fetchpriority="low"');
const LESS_THAN = PRELOAD[0];

/** Whether `bytes` holds PRELOAD at `at`, or (`partial`) the start of it up to its end. */
function preloadAt(bytes: Uint8Array, at: number): 'whole' | 'partial' | false {
  const available = Math.min(PRELOAD.length, bytes.length - at);
  for (let i = 1; i < available; i += 1) if (bytes[at + i] !== PRELOAD[i]) return false;
  return available === PRELOAD.length ? 'whole' : 'partial';
}

export interface PreloadRewriter {
  /** The pieces to send for the next chunk of the page (a tag cut by the chunk's end waits for the next). */
  push(chunk: Uint8Array): Uint8Array[];
  /** What is left at the end of the page. */
  end(): Uint8Array[];
}

/**
 * The page's HTML with Remix's module preloads asked for at low priority (ADR 016). Every page is
 * drawn on the server and every form works before the bundles arrive, so the styles and the first
 * image go first. Remix's `<Scripts>` has no way to set it; React escapes `<` in text and data, so
 * the tag can only be Remix's own. It works on the bytes as React writes them: a chunk without a
 * preload is passed on as it is, without decoding or copying (issue #21).
 */
export function createPreloadRewriter(): PreloadRewriter {
  let carried: Uint8Array | null = null;
  return {
    push(chunk) {
      let bytes = chunk;
      if (carried) {
        bytes = new Uint8Array(carried.length + chunk.length);
        bytes.set(carried);
        bytes.set(chunk, carried.length);
        carried = null;
      }
      const pieces: Uint8Array[] = [];
      let from = 0;
      for (let at = bytes.indexOf(LESS_THAN); at !== -1; at = bytes.indexOf(LESS_THAN, at + 1)) {
        const found = preloadAt(bytes, at);
        if (found === 'partial') {
          carried = bytes.slice(at);
          bytes = bytes.subarray(0, at);
          break;
        }
        if (found === 'whole') {
          const end = at + PRELOAD.length;
          pieces.push(bytes.subarray(from, end), LOW_PRIORITY.slice());
          from = end;
        }
      }
      if (from < bytes.length) pieces.push(from === 0 ? bytes : bytes.subarray(from));
      return pieces;
    },
    end() {
      const rest = carried ? [carried] : [];
      carried = null;
      return rest;
    },
  };
}

/** The same as a web stream, for a page rendered as one (the edge). */
export function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  const rewriter = createPreloadRewriter();
  return new TransformStream({
    transform(chunk, controller) {
      for (const piece of rewriter.push(chunk)) controller.enqueue(piece);
    },
    flush(controller) {
      for (const piece of rewriter.end()) controller.enqueue(piece);
    },
  });
}
