import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useCooldown } from "./use-cooldown";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it("counts down second by second to zero", () => {
  const { result } = renderHook(() => useCooldown());
  expect(result.current.remaining).toBe(0);

  act(() => result.current.start(3));
  expect(result.current.remaining).toBe(3);

  act(() => vi.advanceTimersByTime(1000));
  expect(result.current.remaining).toBe(2);

  act(() => vi.advanceTimersByTime(1000));
  act(() => vi.advanceTimersByTime(1000));
  expect(result.current.remaining).toBe(0);

  act(() => vi.advanceTimersByTime(5000));
  expect(result.current.remaining).toBe(0);
});
