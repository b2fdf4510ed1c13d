import { z } from "zod";
import { readBody } from "../http/body.ts";
import { adminUserFields } from "../http/admin-schemas.ts";
import { requireAdmin } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { adminUpdateUser } from "../users/admin-update-user.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";
import { userIdParam } from "./admin-user-get.ts";

const body = z.object(adminUserFields);

/** PUT /admin/users/{id} (`admin.updateUserById`). */
export const adminUserUpdateRoute = route("put", "/admin/users/:id", async (c, core) => {
  requireAdmin(c);
  const id = userIdParam(c.req.param("id") ?? "");
  const input = await readBody(c, body, { keepNulls: true });
  const user = await adminUpdateUser(
    core,
    id,
    {
      email: input.email ? normalizeEmail(input.email) : undefined,
      phone: input.phone ? normalizePhone(input.phone) : undefined,
      password: input.password,
      passwordHash: input.password_hash,
      emailConfirm: input.email_confirm,
      phoneConfirm: input.phone_confirm,
      userMetadata: input.user_metadata ?? undefined,
      appMetadata: input.app_metadata ?? undefined,
      role: input.role,
      banDuration: input.ban_duration,
    },
    clientInfo(c).ip,
  );
  return c.json(user);
});
