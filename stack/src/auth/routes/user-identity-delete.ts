import { ErrorCode, forbidden, internal, notFound } from "../errors.ts";
import { unlinkIdentity } from "../external/unlink-identity.ts";
import { isUuid, requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";

/** DELETE /user/identities/{id}: manual linking required; 200 `{}`. */
export const userIdentityDeleteRoute = route("delete", "/user/identities/:id", async (c, core) => {
  if (!core.settings().enable_manual_linking)
    throw notFound(ErrorCode.manual_linking_disabled, "Manual linking is disabled");
  const caller = await requireUser(c, core);
  const id = c.req.param("id") ?? "";
  if (!isUuid(id)) throw notFound(ErrorCode.validation_failed, "identity_id must be an UUID");
  const aud = caller.claims.aud;
  const audience = Array.isArray(aud) ? aud[0] : aud;
  if (typeof audience !== "string" || audience === "") throw internal("Could not read claims");
  if (audience !== (c.req.header("x-jwt-aud") || "authenticated"))
    throw forbidden(ErrorCode.unexpected_audience, "Token audience doesn't match request audience");
  await unlinkIdentity(core, caller.user, id, clientInfo(c).ip);
  return c.json({});
});
