import { z } from "zod";
import { ErrorCode, notFound, unprocessable } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { findOwnedFactor } from "../mfa/factor-store.ts";
import { factorJson, type FactorRow } from "../users/factor-json.ts";
import { findUserById } from "../users/user-queries.ts";
import { normalizePhone } from "../users/identifiers.ts";
import { userIdParam } from "./admin-user-get.ts";

const schema = z.object({ friendly_name: z.string().default(""), phone: z.string().default("") }).loose();

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * PUT /admin/users/{id}/factors/{fid}: renames a factor and, for a phone factor, changes its number
 * (E.164, normalised); empty values change nothing (matches GoTrue's adminUserUpdateFactor). A name
 * or number the user already has for another factor → 422 (GoTrue answers a database error).
 */
export const adminUserFactorUpdateRoute = route("put", "/admin/users/:id/factors/:factorId", async (c, core) => {
  requireAdmin(c);
  const user = await findUserById(core.pool, userIdParam(c.req.param("id") ?? ""));
  if (!user) throw notFound(ErrorCode.user_not_found, "User not found");
  const factor = await findOwnedFactor(core.pool, user.id, c.req.param("factorId") ?? "");
  const body = await readBody(c, schema);
  const phone = body.phone !== "" && factor.factor_type === "phone" ? normalizePhone(body.phone) : null;
  try {
    const { rows } = await core.pool.query<FactorRow>(
      `update auth.mfa_factors set friendly_name = coalesce($2, friendly_name), phone = coalesce($3, phone), updated_at = now()
        where id = $1 returning *`,
      [factor.id, body.friendly_name === "" ? null : body.friendly_name, phone],
    );
    return c.json(factorJson(rows[0] as FactorRow));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw unprocessable(
      ErrorCode.mfa_factor_name_conflict,
      "A factor with this friendly name or phone number already exists for this user",
    );
  }
});
