// How server.mjs writes a page: its pieces joined, and compressed in one call when the page is whole
// by the time it is written (issue #21, ADR 038).
import zlib, { constants as zlibConstants } from 'node:zlib';

import compression from 'compression';

/**
 * Brotli at quality 2 and gzip at level 4 cost a fraction of the defaults' time (quality 4, level 6)
 * for a few per cent more bytes (issue #21). Brotli's window is 256 KB (lgwin 18) rather than 4 MB:
 * every answer makes a new encoder, and setting up the large window cost more than the compressing
 * itself (a 65 KB page: 8 ms of CPU against 1 ms). Pages are far smaller than 256 KB, so the bytes
 * are the same.
 */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } };
const GZIP = { level: 4 };
/** The same settings for compression(), which handles what pageEncoding leaves to it. */
export const COMPRESSION = { level: GZIP.level, brotli: BROTLI };

/** Below this many bytes an answer goes as it is, as compression() does. */
const COMPRESS_THRESHOLD = 1024;
/** Pieces are joined up to this size before they are written (or compressed). */
const PLAIN_BATCH = 64 * 1024;
const ENCODED_BATCH = 256 * 1024;

/**
 * How an answer is compressed: 'br' or 'gzip' as the request accepts them (br first on a tie), or
 * undefined to leave it as compression() would (a HEAD, a type compression() does not compress,
 * no-transform, an answer that is already encoded, or no encoding accepted). `req` and `res` are
 * Express's, with the answer's headers already on `res`.
 */
export function pageEncoding(req, res) {
  if (req.method === 'HEAD' || res.getHeader('Content-Encoding')) return undefined;
  if (!compression.filter(req, res)) return undefined;
  if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return undefined;
  const accepted = req.acceptsEncodings('br', 'gzip', 'identity');
  return accepted === 'br' || accepted === 'gzip' ? accepted : undefined;
}

const IDLE = Symbol('idle');
const idle = () => new Promise((resolve) => setImmediate(resolve, IDLE));

/**
 * Writes a streamed body in as few writes as it arrives. React renders a page in 2 KB pieces, and
 * Remix's own writer flushed after each one: a trip to the compressor, and to the thread pool, per
 * piece. Here the pieces already there are joined and written together, and the output is flushed
 * only when the next piece is not ready at once (a deferred part still loading), so streaming keeps
 * its timing.
 *
 * With an `encoding` ('br' or 'gzip', from pageEncoding), a body that is whole by the time it must be
 * written (every page that defers nothing and is under 256 KB) is compressed in one call on this
 * thread and sent with its length: no compression stream and no thread-pool trips, which cost as
 * much as the compressing itself (issue #21). A body that streams goes through a compression stream
 * from its first write on. Either way `Vary: Accept-Encoding` is set. `res` is Express's.
 */
export async function writeCoalesced(body, res, encoding) {
  const reader = body.getReader();
  const batch = encoding ? ENCODED_BATCH : PLAIN_BATCH;
  let held = [];
  let size = 0;
  /** The compression stream, once the body turned out to stream. */
  let encoder;
  const joined = () => (held.length === 1 ? held[0] : Buffer.concat(held, size));
  const startEncoder = () => {
    encoder = encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip(GZIP);
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
    encoder.on('data', (chunk) => {
      if (!res.write(chunk)) encoder.pause();
    });
    res.on('drain', () => encoder.resume());
  };
  const release = (flush) => {
    if (size === 0 && !encoder) return;
    if (encoding && !encoder) startEncoder();
    if (size > 0) (encoder ?? res).write(joined());
    held = [];
    size = 0;
    // A compressor holds output until flushed: a part that waits must reach the browser meanwhile.
    if (flush) (encoder ?? res).flush?.();
  };
  /** The end of the body: all of it, when nothing was written yet. */
  const finish = async () => {
    if (encoder) {
      if (size > 0) encoder.write(joined());
      await new Promise((resolve, reject) => {
        encoder.once('end', resolve);
        encoder.once('error', reject);
        encoder.end();
      });
      res.end();
    } else if (encoding && size >= COMPRESS_THRESHOLD) {
      const whole = joined();
      const packed = encoding === 'br' ? zlib.brotliCompressSync(whole, BROTLI) : zlib.gzipSync(whole, GZIP);
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', packed.byteLength);
      res.end(packed);
    } else {
      // In one call, so that compression() sees the length and leaves a small answer as it is.
      res.end(size > 0 ? joined() : undefined);
    }
  };
  if (encoding) res.vary('Accept-Encoding');
  try {
    let next = reader.read();
    // One turn of the event loop for all the pieces that are already there, not one per piece.
    let turn = idle();
    for (;;) {
      let result = await Promise.race([next, turn]);
      if (result === IDLE) {
        // A part is loading: what is there goes to the browser meanwhile.
        release(true);
        result = await next;
        turn = idle();
      }
      if (result.done) break;
      held.push(result.value);
      size += result.value.byteLength;
      if (size >= batch) release(false);
      next = reader.read();
    }
    await finish();
  } catch (error) {
    reader.cancel(error).catch(() => undefined);
    encoder?.destroy();
    res.destroy(error);
    throw error;
  }
}
