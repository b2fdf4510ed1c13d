import { matchPath } from "react-router";
import type { FirstScreen } from "../../lib/i18n/first-screen-messages";
import { conversationRoute } from "./conversation-route";

/** The signed-out forms a visit begins on: their first screen is the `sign-in` part of the catalog. */
const signedOutFormRoutes = ["/:locale/sign-in", "/:locale/sign-up", "/:locale/forgot-password"];

/**
 * Which first screen `pathname` is, if any: the pages that paint with only their part of the
 * catalog when a visit begins on them (see `firstScreenMessages`).
 *
 * @example firstScreenOf("/de/sign-in") // "sign-in"
 */
export function firstScreenOf(pathname: string): FirstScreen | undefined {
  if (matchPath(conversationRoute, pathname)) return "conversation";
  if (signedOutFormRoutes.some((route) => matchPath(route, pathname))) return "sign-in";
  return undefined;
}
