import { describe, expect, it, vi } from "vitest";
import { TokenBuckets } from "./token-bucket.ts";

describe("TokenBuckets", () => {
  it("allows a burst, refuses the next request, and refills with time", () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const buckets = new TokenBuckets(30, 5 * 60_000, 3);
      expect([buckets.take("ip"), buckets.take("ip"), buckets.take("ip")]).toEqual([true, true, true]);
      expect(buckets.take("ip")).toBe(false);
      expect(buckets.take("other")).toBe(true);
      vi.advanceTimersByTime(10_000); // 30 per 5 min = one per 10 s
      expect(buckets.take("ip")).toBe(true);
      expect(buckets.take("ip")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses everything when the limit is zero", () => {
    expect(new TokenBuckets(0, 1000, 1).take("ip")).toBe(false);
  });
});
