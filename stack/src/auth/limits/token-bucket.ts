/**
 * Per-key token buckets, like the tollbooth limiters GoTrue puts in front of its endpoints
 * (auth: internal/api/api.go): `limit` tokens per `windowMs`, up to `burst` at once.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly burst: number,
    // read through Date on each call, so fake timers in an in-process test stack move it
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean {
    if (this.limit <= 0) return false;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.limit) / this.windowMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
