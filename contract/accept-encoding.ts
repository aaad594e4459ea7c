/**
 * Content negotiation for answers kept already encoded: the storefront's page cache (gzip) and the
 * API's kept catalogue answers (br, gzip). Both programs read Accept-Encoding the same way.
 */

/** The weight a client gives each coding it names (`x-gzip` is gzip); 1 when it names no weight. */
function weightsOf(acceptEncoding: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.split(';');
    const named = token.trim().toLowerCase();
    if (!named) continue;
    const name = named === 'x-gzip' ? 'gzip' : named;
    const q = params.map((param) => /^\s*q\s*=(.*)$/i.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q.trim() || Number.NaN);
    // The first mention counts; a weight that is not a number takes nothing.
    if (!weights.has(name)) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * Which of the codings a server `offers` (its preference first) the client takes (RFC 9110 §12.5.3):
 * the one it weighs highest, a tie going to the server's order; a coding it does not name counts at
 * the weight of `*`. Null when it takes none of them: the answer goes as it is.
 */
export function acceptedEncoding<E extends string>(acceptEncoding: string | null | undefined, offers: readonly E[]): E | null {
  if (!acceptEncoding) return null;
  const weights = weightsOf(acceptEncoding);
  const any = weights.get('*') ?? 0;
  let chosen: E | null = null;
  let best = 0;
  for (const offer of offers) {
    const weight = weights.get(offer) ?? any;
    if (weight > best) {
      chosen = offer;
      best = weight;
    }
  }
  return chosen;
}
