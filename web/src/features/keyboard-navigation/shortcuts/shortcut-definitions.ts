/** Everything the keyboard can do anywhere in a workspace, by name. */
export type ShortcutId =
  | "quickSwitcher"
  | "showHelp"
  | "nextUnread"
  | "previousUnread"
  | "markRead"
  | "focusComposer"
  | "openThread"
  | "closeThread";

/** The text direction of the page: arrows that mean "forward" and "back" swap sides in right-to-left. */
export type Direction = "ltr" | "rtl";

/**
 * One key as the help sheet shows it: a modifier or named key to translate (`mod` is Ctrl, or ⌘ on Apple), or a
 * literal character (`K`, `?`, `/`).
 */
export type KeyLabel =
  | { kind: "named"; name: "mod" | "alt" | "shift" | "escape" | "up" | "down" | "left" | "right" }
  | { kind: "character"; value: string };

export const named = (name: Extract<KeyLabel, { kind: "named" }>["name"]): KeyLabel => ({ kind: "named", name });
export const character = (value: string): KeyLabel => ({ kind: "character", value });

/** The arrow that points "forward" (towards the end edge, where the thread panel opens) in this direction. */
export const forwardArrow = (direction: Direction) => (direction === "rtl" ? "ArrowLeft" : "ArrowRight");
export const backArrow = (direction: Direction) => (direction === "rtl" ? "ArrowRight" : "ArrowLeft");

const arrowName = { ArrowLeft: "left", ArrowRight: "right" } as const;

/**
 * The key combinations of each shortcut, for the help sheet: several combinations mean "either of these".
 * Direction-dependent ones are computed, so Arabic shows ← where English shows →.
 */
export function shortcutCombinations(id: ShortcutId, direction: Direction): KeyLabel[][] {
  switch (id) {
    case "quickSwitcher":
      return [[named("mod"), character("K")]];
    case "showHelp":
      return [[character("?")], [named("mod"), character("/")]];
    case "nextUnread":
      return [[named("alt"), named("shift"), named("down")]];
    case "previousUnread":
      return [[named("alt"), named("shift"), named("up")]];
    case "markRead":
      return [[named("escape")]];
    case "focusComposer":
      return [[named("alt"), named("shift"), character("C")]];
    case "openThread":
      return [
        [named("alt"), named("shift"), character("T")],
        [named("alt"), named("shift"), named(arrowName[forwardArrow(direction)])],
      ];
    case "closeThread":
      return [[named("alt"), named("shift"), named(arrowName[backArrow(direction)])]];
  }
}

/** The order the help sheet lists them in. */
export const helpSheetOrder: ShortcutId[] = [
  "quickSwitcher",
  "nextUnread",
  "previousUnread",
  "markRead",
  "focusComposer",
  "openThread",
  "closeThread",
  "showHelp",
];
