// "Perhaps you meant …" hints: the most similar name above a threshold (PostgREST uses a fuzzy set
// of bigrams; this uses Dice similarity over bigrams, close enough for hints).

function bigrams(text: string): string[] {
  const padded = `-${text.toLowerCase()}-`;
  return Array.from({ length: padded.length - 1 }, (_, i) => padded.slice(i, i + 2));
}

export function similarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  const pool = [...y];
  let common = 0;
  for (const gram of x) {
    const at = pool.indexOf(gram);
    if (at >= 0) {
      common += 1;
      pool.splice(at, 1);
    }
  }
  return (2 * common) / (x.length + y.length);
}

/** The best candidate at or above `threshold`, else undefined. */
export function closest(name: string, candidates: readonly string[], threshold = 0.5): string | undefined {
  let best: string | undefined;
  let score = threshold;
  for (const candidate of candidates) {
    const s = similarity(name, candidate);
    if (s >= score && candidate !== name) {
      best = candidate;
      score = s;
    }
  }
  return best;
}
