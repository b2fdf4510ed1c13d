export type MessageDensity = "comfortable" | "compact";

const listeners = new Set<() => void>();

/** Kept per person on this device: two people sharing a browser each keep their own choice. */
function storageKey(userId: string): string {
  return `parley.messageDensity.${userId}`;
}

/** How the person shows a conversation's messages; "comfortable" (avatars, names above) until they choose. */
export function readMessageDensity(userId: string): MessageDensity {
  try {
    return localStorage.getItem(storageKey(userId)) === "compact" ? "compact" : "comfortable";
  } catch {
    return "comfortable"; // storage can be blocked; then the default holds
  }
}

/** Remembers the choice for this person and tells every open timeline. */
export function saveMessageDensity(userId: string, density: MessageDensity): void {
  try {
    localStorage.setItem(storageKey(userId), density);
  } catch {
    // not persisted, still applied for this visit through the listeners below
  }
  listeners.forEach((notify) => notify());
}

/** Calls back when a choice may have changed: here, or in another tab (`storage` event). */
export function subscribeToMessageDensity(notify: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith("parley.messageDensity.")) notify();
  };
  listeners.add(notify);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", onStorage);
  };
}
