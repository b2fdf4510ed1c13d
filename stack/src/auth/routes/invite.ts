import { z } from "zod";
import { readBody } from "../http/body.ts";
import { requireAdmin } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { metadata } from "../http/schemas.ts";
import { normalizeEmail } from "../users/identifiers.ts";
import { inviteUser } from "../users/invite.ts";

const body = z.object({ email: z.string().default(""), data: metadata });

/** POST /invite (`admin.inviteUserByEmail`): the invited user, invite mail sent. */
export const inviteRoute = route("post", "/invite", async (c, core) => {
  requireAdmin(c);
  const input = await readBody(c, body);
  const user = await inviteUser(
    core,
    normalizeEmail(input.email),
    input.data,
    requestRedirect(c, core.settings()),
    clientInfo(c).ip,
  );
  return c.json(user);
});
