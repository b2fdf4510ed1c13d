import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useIdle } from "./use-idle";

describe("useIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("turns idle after the quiet period and active again on input", () => {
    const { result } = renderHook(() => useIdle(1_000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(true);
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown"));
    });
    expect(result.current).toBe(false);
  });

  it("restarts the quiet period with each input", () => {
    const { result } = renderHook(() => useIdle(1_000));
    act(() => vi.advanceTimersByTime(900));
    act(() => {
      window.dispatchEvent(new Event("pointerdown"));
    });
    act(() => vi.advanceTimersByTime(900));
    expect(result.current).toBe(false);
  });
});
