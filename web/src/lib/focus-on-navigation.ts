import type { Location } from "react-router";

/**
 * Navigation state asking the next page not to take focus: for controls such as the language
 * switcher, where the person keeps working with the control they just used.
 */
export const keepFocusState = { keepFocus: true } as const;

let landingKey: string | undefined;

/**
 * Whether the page reached by `location` should move focus to its main heading: after every
 * in-app navigation, but not on the page the app first landed on (including after `/` redirected
 * there: the browser starts at the top) nor when the navigation asked to keep focus.
 */
export function shouldFocusPageHeading(location: Location): boolean {
  landingKey ??= location.key;
  if (location.key === landingKey) return false;
  const state: unknown = location.state;
  return !(typeof state === "object" && state !== null && "keepFocus" in state && state.keepFocus === true);
}
