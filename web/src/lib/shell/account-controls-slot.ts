import { createContext, useContext, type ReactNode } from "react";

/**
 * The signed-in person's menu (account, language, theme, sign out), made by the app shell and placed
 * by whichever layout owns the screen's edge: the page header, or a workspace's sidebar footer.
 * Features read it here instead of importing the shell.
 */
export const AccountControlsSlot = createContext<ReactNode>(null);

/** The account menu to render at the foot of a sidebar. */
export function useAccountControls(): ReactNode {
  return useContext(AccountControlsSlot);
}
