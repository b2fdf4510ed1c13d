import { useLayoutEffect, useState, useTransition, type ReactNode } from "react";
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
} from "react-router";
import { NavigationPendingContext } from "../../lib/navigation-pending";

/** The browser's history, as react-router's own `<BrowserRouter>` creates it. */
const history = createBrowserHistory({ v5Compat: true });

/**
 * `<BrowserRouter>` that also says when a navigation is pending: every location change renders in a
 * transition, so the page on screen stays while the next one loads (its lazy chunk, its guard),
 * and `useNavigationPending()` is true meanwhile. The app uses react-router declaratively (no data
 * router: loaders became guard components, lazy routes `React.lazy`), which keeps the router's
 * share of every page's JavaScript at half of what `createBrowserRouter` needs.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={history}>
      <NavigationPendingContext value={pending}>{children}</NavigationPendingContext>
    </Router>
  );
}
