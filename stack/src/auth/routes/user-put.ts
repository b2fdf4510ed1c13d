import { z } from "zod";
import { readBody } from "../http/body.ts";
import { isAdminToken, requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, pkceFields } from "../http/schemas.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";
import { MAX_PASSWORD_LENGTH } from "../users/passwords.ts";
import { updateCurrentUser } from "../users/update-user.ts";
import { validation } from "../errors.ts";

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  channel: z.string().optional(),
  password: z.string().optional(),
  current_password: z.string().optional(),
  nonce: z.string().optional(),
  // `null` values inside data delete keys, so nulls are kept for this body.
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  app_metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  code_challenge: pkceFields.code_challenge.nullable(),
  code_challenge_method: pkceFields.code_challenge_method.nullable(),
  email_redirect_to: z.unknown().optional(),
  ...ignoredFields,
});

/** PUT /user (`updateUser`): returns the updated user; supabase-js emits USER_UPDATED. */
export const userPutRoute = route("put", "/user", async (c, core) => {
  const input = await readBody(c, body, { keepNulls: true });
  const client = clientInfo(c);
  core.limits.check("sign_in_sign_ups", client.ip);
  const caller = await requireUser(c, core);
  if (input.password !== undefined && input.password.length > MAX_PASSWORD_LENGTH) {
    throw validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const user = await updateCurrentUser(
    core,
    { user: caller.user, session: caller.session, isAdmin: isAdminToken(c) },
    {
      email: input.email ? normalizeEmail(input.email) : undefined,
      phone: input.phone ? normalizePhone(input.phone) : undefined,
      password: input.password ?? undefined,
      nonce: input.nonce ?? undefined,
      data: input.data ?? undefined,
      appMetadata: input.app_metadata ?? undefined,
      pkce: parsePkce(input.code_challenge ?? undefined, input.code_challenge_method ?? undefined),
      redirectTo: requestRedirect(c, core.settings()),
    },
    client.ip,
  );
  return c.json(user);
});
