export type MessageDensity = "comfortable" | "compact";

/** Kept per person on this device: two people sharing a browser each keep their own choice. */
function storageKey(userId: string): string {
  return `parley.messageDensity.${userId}`;
}

/**
 * How the person shows a conversation's messages: "comfortable" (pictures, names above) until they
 * choose "compact". Read as a timeline mounts; the choice is made on the profile page, so a
 * timeline never needs to follow a change while it is on screen.
 * @example <div data-density={readMessageDensity(me)}>…</div>
 */
export function readMessageDensity(userId: string): MessageDensity {
  try {
    return localStorage.getItem(storageKey(userId)) === "compact" ? "compact" : "comfortable";
  } catch {
    return "comfortable"; // storage can be blocked; then the default holds
  }
}

/** Remembers the choice for this person on this device. */
export function saveMessageDensity(userId: string, density: MessageDensity): void {
  try {
    localStorage.setItem(storageKey(userId), density);
  } catch {
    // storage can be blocked: the choice then holds until the page is left
  }
}
