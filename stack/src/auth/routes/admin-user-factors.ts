import type { AuthCore } from "../core.ts";
import { ErrorCode, notFound } from "../errors.ts";
import { isUuid, requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { factorJson, type FactorRow } from "../users/factor-json.ts";
import { findUserById } from "../users/user-queries.ts";
import { userIdParam } from "./admin-user-get.ts";

async function loadUser(core: AuthCore, id: string) {
  const user = await findUserById(core.pool, userIdParam(id));
  if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
  return user;
}

/** GET /admin/users/{id}/factors (`admin.mfa.listFactors`): the user's factors. */
export const adminUserFactorsListRoute = route("get", "/admin/users/:id/factors", async (c, core) => {
  requireAdmin(c);
  const user = await loadUser(core, c.req.param("id") ?? "");
  const { rows } = await core.pool.query<FactorRow>(
    "select * from auth.mfa_factors where user_id = $1 order by created_at",
    [user.id],
  );
  return c.json(rows.map(factorJson));
});

/**
 * DELETE /admin/users/{id}/factors/{fid} (`admin.mfa.deleteFactor`): removes the factor and
 * downgrades the sessions it raised to aal1, as GoTrue's adminUserDeleteFactor.
 */
export const adminUserFactorDeleteRoute = route("delete", "/admin/users/:id/factors/:factorId", async (c, core) => {
  requireAdmin(c);
  const user = await loadUser(core, c.req.param("id") ?? "");
  const factorId = c.req.param("factorId") ?? "";
  if (!isUuid(factorId)) throw notFound(ErrorCode.validation_failed, "factor_id must be an UUID");
  const { rows } = await core.pool.query<FactorRow>(
    "delete from auth.mfa_factors where id = $1 and user_id = $2 returning *",
    [factorId, user.id],
  );
  const factor = rows[0];
  if (!factor) throw notFound(ErrorCode.mfa_factor_not_found, "Factor not found");
  await core.pool.query("update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1", [factorId]);
  return c.json(factorJson(factor));
});
