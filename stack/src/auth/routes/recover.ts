import { z } from "zod";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, pkceFields } from "../http/schemas.ts";
import { requestRecovery } from "../otp/recover.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { normalizeEmail } from "../users/identifiers.ts";

const body = z.object({ email: z.string().default(""), ...pkceFields, ...ignoredFields });

/** POST /recover (`resetPasswordForEmail`): `{}` whether or not the address exists. */
export const recoverRoute = route("post", "/recover", async (c, core) => {
  const input = await readBody(c, body);
  const client = clientInfo(c);
  core.limits.check("sign_in_sign_ups", client.ip);
  const pkce = parsePkce(input.code_challenge, input.code_challenge_method);
  await requestRecovery(core, normalizeEmail(input.email), pkce, requestRedirect(c, core.settings()), client);
  return c.json({});
});
