import { useSyncExternalStore } from "react";
import { effectiveTheme, saveThemePreference, subscribeToTheme, type Theme } from "./theme-preference";

/** The theme on screen and a way to choose one; follows the system until a choice is made. */
export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribeToTheme, effectiveTheme);
  return { theme, setTheme: saveThemePreference };
}
