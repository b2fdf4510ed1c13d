export type Theme = "light" | "dark";

const storageKey = "parley.theme";
const darkQuery = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

/** The theme the person chose, or `null` to follow the system. */
export function readThemePreference(): Theme | null {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === "light" || stored === "dark" ? stored : null;
  } catch {
    return null; // storage can be blocked; then the system decides
  }
}

export function systemTheme(): Theme {
  return window.matchMedia(darkQuery).matches ? "dark" : "light";
}

/** The theme on screen: the chosen one, else the system's. */
export function effectiveTheme(): Theme {
  return readThemePreference() ?? systemTheme();
}

/**
 * Puts the preference on `<html data-theme>`; with no preference the attribute is removed and
 * CSS follows `prefers-color-scheme` through `color-scheme: light dark`.
 */
export function applyThemePreference(preference: Theme | null = readThemePreference()): void {
  const root = document.documentElement;
  if (preference === null) delete root.dataset.theme;
  else root.dataset.theme = preference;
}

/** Remembers the choice across visits and applies it now. */
export function saveThemePreference(theme: Theme): void {
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // not persisted, still applied for this visit
  }
  applyThemePreference(theme);
  listeners.forEach((notify) => notify());
}

/** Calls back when the effective theme may have changed: a choice here, in another tab, or the system's. */
export function subscribeToTheme(notify: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey) return;
    applyThemePreference();
    notify();
  };
  listeners.add(notify);
  media.addEventListener("change", notify);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    media.removeEventListener("change", notify);
    window.removeEventListener("storage", onStorage);
  };
}
