import { startAuthorization } from "../external/start-authorization.ts";
import { ErrorCode, notFound } from "../errors.ts";
import { requireUser } from "../http/caller.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";

/**
 * GET /user/identities/authorize: starts a provider flow whose identity attaches to the caller
 * (needs `[auth] enable_manual_linking`); supabase-js asks for `{url}` with skip_http_redirect=true.
 */
export const userIdentitiesAuthorizeRoute = route("get", "/user/identities/authorize", async (c, core) => {
  if (!core.settings().enable_manual_linking)
    throw notFound(ErrorCode.manual_linking_disabled, "Manual linking is disabled");
  const caller = await requireUser(c, core);
  const query = new URL(c.req.url).searchParams;
  const url = await startAuthorization(core, {
    query,
    referrer: requestRedirect(c, core.settings()),
    linkingTargetId: caller.user.id,
  });
  if (query.get("skip_http_redirect") === "true") return c.json({ url });
  return c.redirect(url, 302);
});
