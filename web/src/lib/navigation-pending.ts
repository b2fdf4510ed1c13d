import { createContext, use } from "react";

/** Whether a navigation has started and its page is still loading (a lazy chunk, a guard's check). */
export const NavigationPendingContext = createContext(false);

/** `true` while the next page loads; the current page stays on screen meanwhile. */
export function useNavigationPending(): boolean {
  return use(NavigationPendingContext);
}
