import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";

/** `[auth.oauth_server] enabled`; off, every OAuth server route is 404 `feature_disabled` (GoTrue's requireOAuthServerEnabled). */
export function requireOAuthServer(core: AuthCore): void {
  if (!core.settings().oauth_server.enabled) throw notFound(ErrorCode.feature_disabled, "OAuth server is disabled");
}
