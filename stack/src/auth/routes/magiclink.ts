import { z } from "zod";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, metadata, pkceFields } from "../http/schemas.ts";
import { requestEmailOtp } from "../otp/email-otp.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { normalizeEmail } from "../users/identifiers.ts";

const body = z.object({ email: z.string().default(""), data: metadata, ...pkceFields, ...ignoredFields });

/** POST /magiclink (legacy; auth: internal/api/magic_link.go): /otp for an email, creating users. */
export const magicLinkRoute = route("post", "/magiclink", async (c, core) => {
  const input = await readBody(c, body);
  const client = clientInfo(c);
  core.limits.check("sign_in_sign_ups", client.ip);
  const email = normalizeEmail(input.email);
  const pkce = parsePkce(input.code_challenge, input.code_challenge_method);
  await requestEmailOtp(
    core,
    { email, createUser: true, data: input.data, pkce, redirectTo: requestRedirect(c, core.settings()) },
    client,
  );
  return c.json({});
});
