// The admin passkeys API (GoTrue passkey_admin.go): GET /admin/users/{id}/passkeys and DELETE
// /admin/users/{id}/passkeys/{pid}. Upstream mounts them under /admin without the passkeys switch,
// so they answer even while `[auth.passkey] enabled` is off.
import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";
import { requireAdmin } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { findUserById } from "../users/user-queries.ts";
import { listPasskeys, passkeyJson } from "../webauthn/credential-store.ts";
import { adminDeletePasskey } from "../webauthn/passkey-manage.ts";
import { userIdParam } from "./admin-user-get.ts";

/** GoTrue's `loadUser`: not a UUID 404 `validation_failed`, unknown 404 `user_not_found`. */
async function loadUser(core: AuthCore, id: string) {
  const user = await findUserById(core.pool, userIdParam(id));
  if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
  return user;
}

/** GET /admin/users/{id}/passkeys: the user's passkeys, oldest first, shaped as GET /passkeys. */
export const adminUserPasskeysListRoute = route("get", "/admin/users/:id/passkeys", async (c, core) => {
  requireAdmin(c);
  const user = await loadUser(core, c.req.param("id") ?? "");
  return c.json((await listPasskeys(core.pool, user.id)).map(passkeyJson));
});

/** DELETE /admin/users/{id}/passkeys/{pid}: 204 with no body; 404 `validation_failed` "Passkey not found". */
export const adminUserPasskeyDeleteRoute = route("delete", "/admin/users/:id/passkeys/:passkeyId", async (c, core) => {
  const claims = requireAdmin(c);
  const user = await loadUser(core, c.req.param("id") ?? "");
  await adminDeletePasskey(core, {
    user,
    adminRole: typeof claims.role === "string" ? claims.role : "",
    passkeyId: c.req.param("passkeyId") ?? "",
    ip: clientInfo(c).ip,
  });
  return c.body(null, 204);
});
