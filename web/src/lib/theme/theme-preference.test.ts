import { afterEach, describe, expect, it, vi } from "vitest";
import { applyThemePreference, effectiveTheme, saveThemePreference, subscribeToTheme } from "./theme-preference";

function mockSystemTheme(dark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: dark && query === "(prefers-color-scheme: dark)",
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe("theme preference", () => {
  it("follows the system until a theme is chosen", () => {
    mockSystemTheme(true);
    applyThemePreference();
    expect(effectiveTheme()).toBe("dark");
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it("persists a chosen theme, applies it and tells subscribers", () => {
    mockSystemTheme(true);
    const notify = vi.fn();
    const unsubscribe = subscribeToTheme(notify);
    saveThemePreference("light");
    unsubscribe();
    expect(notify).toHaveBeenCalledOnce();
    expect(effectiveTheme()).toBe("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem("parley.theme")).toBe("light");
  });
});
