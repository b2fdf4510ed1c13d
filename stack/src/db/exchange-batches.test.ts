import { describe, expect, it } from "vitest";
import { evenBatches } from "./exchange-batches.ts";

describe("evenBatches", () => {
  it("cuts a turn into the fewest batches within the limit, sizes within one of each other, order kept", () => {
    for (let length = 0; length <= 40; length++) {
      const items = Array.from({ length }, (_, index) => index);
      const batches = evenBatches(items, 8);
      const sizes = batches.map((batch) => batch.length);
      expect(batches.length).toBe(Math.ceil(length / 8));
      expect(batches.flat()).toEqual(items);
      if (length > 0) {
        expect(Math.max(...sizes)).toBeLessThanOrEqual(8);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it("splits ten requests into two batches of five", () => {
    expect(evenBatches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 8)).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ]);
  });
});
