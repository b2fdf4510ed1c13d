import { z } from "zod";
import { validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, pkceFields } from "../http/schemas.ts";
import { resend, type ResendType } from "../otp/resend.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";

const TYPES = new Set(["signup", "email_change", "sms", "phone_change"]);
const body = z.object({
  type: z.string().default(""),
  email: z.string().optional(),
  phone: z.string().optional(),
  ...pkceFields,
  ...ignoredFields,
});

/** POST /resend (`resend`): re-sends a pending confirmation; `{}`. */
export const resendRoute = route("post", "/resend", async (c, core) => {
  const input = await readBody(c, body);
  const client = clientInfo(c);
  core.limits.check("sign_in_sign_ups", client.ip);
  if (!TYPES.has(input.type)) throw validation("Missing one of these types: signup, email_change, sms, phone_change");
  const type = input.type as ResendType;
  if (input.email && input.phone) throw validation("Only an email address or phone number should be provided.");
  const viaEmail = type === "signup" || type === "email_change";
  if (viaEmail && !input.email) throw validation("Type provided requires an email address");
  if (!viaEmail && !input.phone) throw validation("Type provided requires a phone number");
  await resend(core, {
    type,
    email: input.email ? normalizeEmail(input.email) : undefined,
    phone: input.phone ? normalizePhone(input.phone) : undefined,
    pkce: parsePkce(input.code_challenge, input.code_challenge_method),
    redirectTo: requestRedirect(c, core.settings()),
  });
  return c.json({});
});
