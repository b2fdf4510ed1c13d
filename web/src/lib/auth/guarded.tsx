import { use, type ReactNode } from "react";
import { Navigate, useLocation, useParams, useResolvedPath } from "react-router";
import { authEventHub } from "./auth-state";
import type { GuardedPage, RouteGuard } from "./route-guards";

interface GuardCheck {
  /** The guarded route's own path and the query: a new one is checked again. */
  scope: string;
  locationKey: string;
  authVersion: number;
  decision: Promise<string | null>;
  /** Set once the guard let the page through: only such a decision holds for other pages in scope. */
  allowed: boolean;
}

/** The last check of each guard; one at a time is on screen. */
const lastChecks = new Map<RouteGuard, GuardCheck>();

/** Counts auth events: after one, the next navigation checks again even within the same scope. */
let authVersion = 0;
authEventHub.subscribe(() => {
  authVersion += 1;
});

/**
 * The guard's decision for this page. Once it let a scope (the route's path and query) through,
 * moving between the pages under that route does not ask again unless someone signed in or out
 * since; a redirect is decided afresh for each page. A re-render that is no navigation never asks
 * again, so it never suspends.
 */
function decisionFor(guard: RouteGuard, scope: string, locationKey: string, page: GuardedPage) {
  const last = lastChecks.get(guard);
  if (last?.locationKey === locationKey) return last.decision;
  if (last?.scope === scope && last.allowed && last.authVersion === authVersion) return last.decision;
  const check: GuardCheck = { scope, locationKey, authVersion, decision: guard(page), allowed: false };
  lastChecks.set(guard, check);
  check.decision.then(
    (redirect) => {
      check.allowed = redirect === null;
    },
    // A failed check is shown by the error boundary once; the next visit asks again.
    () => {
      if (lastChecks.get(guard) === check) lastChecks.delete(guard);
    },
  );
  return check.decision;
}

/**
 * Renders `children` once `by` lets the page through, or redirects (replacing the history entry)
 * where it says. Suspends meanwhile: navigations render in a transition, so the previous page
 * stays on screen; a first page load shows the route's fallback. A guard that fails (an
 * unreachable backend) throws to the route's error boundary.
 *
 * @example { path: "account", element: <Guarded by={requireSignedIn}><AccountLayout /></Guarded> }
 */
export function Guarded({ by, children }: { by: RouteGuard; children: ReactNode }) {
  const location = useLocation();
  const { locale } = useParams();
  const routePath = useResolvedPath(".").pathname;
  const page = { locale, pathname: location.pathname, search: location.search };
  const redirect = use(decisionFor(by, `${routePath}${location.search}`, location.key, page));
  return redirect === null ? children : <Navigate replace to={redirect} />;
}
