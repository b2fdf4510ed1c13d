/** 0 = the default (yellow) emoji, 1–5 = light to dark (Fitzpatrick types 1–2 to 6). */
export type SkinTone = 0 | 1 | 2 | 3 | 4 | 5;

export const skinTones: readonly SkinTone[] = [0, 1, 2, 3, 4, 5];

const storageKey = "parley:emoji-skin-tone";

/** The skin tone last chosen in this browser's picker (localStorage), or the default. */
export function readSkinTone(): SkinTone {
  try {
    const stored = Number(localStorage.getItem(storageKey));
    return (skinTones as readonly number[]).includes(stored) ? (stored as SkinTone) : 0;
  } catch {
    return 0;
  }
}

export function saveSkinTone(tone: SkinTone): void {
  try {
    localStorage.setItem(storageKey, String(tone));
  } catch {
    // Storage disabled: the choice lasts while the picker is open.
  }
}

/** The emoji in `tone` when it takes a skin tone, else as it is. */
export function withSkinTone(entry: { emoji: string; skins: string[] | null }, tone: SkinTone): string {
  return tone === 0 ? entry.emoji : (entry.skins?.[tone - 1] ?? entry.emoji);
}
