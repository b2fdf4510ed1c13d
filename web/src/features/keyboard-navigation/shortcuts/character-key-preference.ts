const storageKey = "parley.character-key-shortcuts";

/**
 * Whether shortcuts of a single printable key (`?`) are on. They are by default; people whose speech input or screen
 * reader types such keys can turn them off in the help sheet (WCAG 2.1.4, Character Key Shortcuts). Kept per device.
 */
export function characterKeysEnabled(storage: Storage): boolean {
  try {
    return storage.getItem(storageKey) !== "off";
  } catch {
    return true;
  }
}

export function setCharacterKeysEnabled(storage: Storage, enabled: boolean): void {
  try {
    if (enabled) storage.removeItem(storageKey);
    else storage.setItem(storageKey, "off");
  } catch {
    // without storage the default (on) stays
  }
}
