import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The store lives for the whole visit, so each test takes a fresh copy of the modules.
async function freshModules() {
  vi.resetModules();
  const store = await import("./first-screen");
  const { AfterFirstScreen } = await import("./after-first-screen");
  return { ...store, AfterFirstScreen };
}

describe("AfterFirstScreen", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the fallback until the first screen is marked shown, then its children", async () => {
    const { AfterFirstScreen, markFirstScreenShown } = await freshModules();
    render(
      <AfterFirstScreen fallback={<p>placeholder</p>}>
        <p>composer</p>
      </AfterFirstScreen>,
    );
    expect(screen.getByText("placeholder")).toBeTruthy();
    expect(screen.queryByText("composer")).toBeNull();

    act(() => markFirstScreenShown());
    // Not in the frame that paints the content: after it.
    expect(screen.queryByText("composer")).toBeNull();
    await act(async () => vi.runAllTimersAsync());
    expect(screen.getByText("composer")).toBeTruthy();
    expect(screen.queryByText("placeholder")).toBeNull();
  });

  it("counts a page that renders FirstScreenShown as the first screen", async () => {
    const { AfterFirstScreen, FirstScreenShown } = await freshModules();
    render(
      <>
        <FirstScreenShown />
        <AfterFirstScreen>
          <p>notifier</p>
        </AfterFirstScreen>
      </>,
    );
    expect(screen.queryByText("notifier")).toBeNull();
    await act(async () => vi.runAllTimersAsync());
    expect(screen.getByText("notifier")).toBeTruthy();
  });

  it("keeps its children once shown, and renders them at once where the first screen was already shown", async () => {
    const { AfterFirstScreen, markFirstScreenShown } = await freshModules();
    markFirstScreenShown();
    await act(async () => vi.runAllTimersAsync());
    markFirstScreenShown();
    render(
      <AfterFirstScreen>
        <p>keyboard layer</p>
      </AfterFirstScreen>,
    );
    expect(screen.getByText("keyboard layer")).toBeTruthy();
  });
});
