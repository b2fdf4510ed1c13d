import type { AuthSettings } from "../config/settings.ts";
import type { SessionRow } from "./session-store.ts";

/**
 * Why a session can no longer be refreshed (auth: models.Session.CheckValidity):
 * `not_after`, timebox, inactivity; undefined when it is still valid.
 */
export function sessionInvalidReason(
  settings: AuthSettings,
  session: SessionRow,
  lastRefresh: Date,
  now = new Date(),
): string | undefined {
  if (session.not_after !== null && now > session.not_after) return "";
  const { timebox, inactivity_timeout: inactivity } = settings.sessions;
  if (timebox > 0 && now.getTime() > session.created_at.getTime() + timebox) return "";
  if (inactivity > 0 && now.getTime() > lastRefresh.getTime() + inactivity) return " (Inactivity)";
  return undefined;
}
