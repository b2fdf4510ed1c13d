import { z } from "zod";
import { readBody } from "../http/body.ts";
import { adminUserFields } from "../http/admin-schemas.ts";
import { requireAdmin } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { adminCreateUser } from "../users/admin-create-user.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";

const body = z.object({
  ...adminUserFields,
  id: z.string().uuid({ message: "ID must conform to the uuid v4 format" }).optional(),
  aud: z.string().optional(),
});

/** POST /admin/users (`admin.createUser`). */
export const adminUsersCreateRoute = route("post", "/admin/users", async (c, core) => {
  requireAdmin(c);
  const input = await readBody(c, body);
  const user = await adminCreateUser(
    core,
    {
      email: input.email ? normalizeEmail(input.email) : undefined,
      phone: input.phone ? normalizePhone(input.phone) : undefined,
      password: input.password,
      passwordHash: input.password_hash,
      emailConfirm: input.email_confirm ?? false,
      phoneConfirm: input.phone_confirm ?? false,
      userMetadata: input.user_metadata ?? {},
      appMetadata: input.app_metadata ?? {},
      role: input.role,
      aud: input.aud,
      id: input.id,
      banDuration: input.ban_duration,
    },
    clientInfo(c).ip,
  );
  return c.json(user);
});
