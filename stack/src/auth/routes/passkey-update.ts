import { z } from "zod";
import { validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { requirePasskeysEnabled } from "../webauthn/passkeys-enabled.ts";
import { renamePasskey } from "../webauthn/passkey-manage.ts";

const MAX_NAME_LENGTH = 120;
const schema = z.object({ friendly_name: z.string().default("") }).loose();

/** PATCH /passkeys/{id} (`auth.passkey.update`): renames one of the caller's passkeys. */
export const passkeyUpdateRoute = route("patch", "/passkeys/:passkeyId", async (c, core) => {
  requirePasskeysEnabled(core);
  const { user } = await requireUser(c, core);
  const passkeyId = c.req.param("passkeyId") ?? "";
  const body = await readBody(c, schema);
  if (body.friendly_name === "") throw validation("friendly_name is required");
  // GoTrue counts bytes (Go's len)
  if (Buffer.byteLength(body.friendly_name) > MAX_NAME_LENGTH)
    throw validation(`friendly_name must be ${MAX_NAME_LENGTH} characters or less`);
  return c.json(await renamePasskey(core, { user, passkeyId, friendlyName: body.friendly_name, ip: clientInfo(c).ip }));
});
