/**
 * Upstream's per-project limits, overridable for local use through
 * `PARLEY_STACK_REALTIME_*` environment variables (config.toml's [realtime] has no such keys).
 */
export interface RealtimeLimits {
  maxChannelsPerSocket: number;
  maxJoinsPerSecond: number;
  maxEventsPerSecond: number;
  maxPayloadBytes: number;
  maxConcurrentUsers: number;
  /** Presence calls per channel within `presenceWindowMs` (CLIENT_PRESENCE_MAX_CALLS / _WINDOW_MS). */
  presenceMaxCalls: number;
  presenceWindowMs: number;
  /** A socket whose unsent frames exceed this is a slow consumer: its frames are dropped, others go on. */
  maxBufferedBytes: number;
}

const fromEnv = (name: string, fallback: number): number => {
  const value = Number(process.env[`PARLEY_STACK_REALTIME_${name}`]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function readLimits(): RealtimeLimits {
  return {
    maxChannelsPerSocket: fromEnv("MAX_CHANNELS_PER_CLIENT", 100),
    maxJoinsPerSecond: fromEnv("MAX_JOINS_PER_SECOND", 100),
    maxEventsPerSecond: fromEnv("MAX_EVENTS_PER_SECOND", 100),
    maxPayloadBytes: fromEnv("MAX_PAYLOAD_SIZE_IN_KB", 3000) * 1024 + 500,
    maxConcurrentUsers: fromEnv("MAX_CONCURRENT_USERS", 200),
    presenceMaxCalls: fromEnv("CLIENT_PRESENCE_MAX_CALLS", 5),
    presenceWindowMs: fromEnv("CLIENT_PRESENCE_WINDOW_MS", 30_000),
    maxBufferedBytes: fromEnv("MAX_BUFFERED_BYTES", 8 * 1024 * 1024),
  };
}

/**
 * A rate measured as upstream does: the average per second over the last 60 s (one bucket per
 * second), so bursts pass and sustained floods trip.
 */
export class AverageRate {
  private readonly buckets = new Array<number>(60).fill(0);
  private second = Math.floor(Date.now() / 1000);

  constructor(private readonly limitPerSecond: number) {}

  add(count = 1, nowMs = Date.now()): void {
    this.roll(nowMs);
    this.buckets[this.second % 60] = (this.buckets[this.second % 60] ?? 0) + count;
  }

  exceeded(nowMs = Date.now()): boolean {
    this.roll(nowMs);
    return this.buckets.reduce((sum, n) => sum + n, 0) / 60 > this.limitPerSecond;
  }

  private roll(nowMs: number): void {
    const now = Math.floor(nowMs / 1000);
    for (let s = Math.max(this.second + 1, now - 59); s <= now; s += 1) this.buckets[s % 60] = 0;
    this.second = Math.max(this.second, now);
  }
}

/** A fixed window counter (presence calls per channel). */
export class WindowCounter {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call; false once more than `max` happened inside the window. */
  take(nowMs = Date.now()): boolean {
    if (nowMs - this.windowStart >= this.windowMs) {
      this.windowStart = nowMs;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= this.max;
  }
}
