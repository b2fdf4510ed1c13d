import { z } from "zod";
import { validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, metadata, pkceFields } from "../http/schemas.ts";
import { requestEmailOtp } from "../otp/email-otp.ts";
import { requestPhoneOtp } from "../otp/phone-otp.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  create_user: z.boolean().default(true),
  data: metadata,
  channel: z.string().optional(),
  ...pkceFields,
  ...ignoredFields,
});

/** POST /otp (`signInWithOtp`): email magic link/code or SMS code; `{}`. */
export const otpRoute = route("post", "/otp", async (c, core) => {
  const input = await readBody(c, body);
  const client = clientInfo(c);
  core.limits.check("sign_in_sign_ups", client.ip);
  if (input.email && input.phone) throw validation("Only an email address or phone number should be provided");
  if (input.email && input.channel) throw validation("Channel can only be used with phone OTP");
  if (input.email) {
    const pkce = parsePkce(input.code_challenge, input.code_challenge_method);
    const email = normalizeEmail(input.email);
    await requestEmailOtp(
      core,
      { email, createUser: input.create_user, data: input.data, pkce, redirectTo: requestRedirect(c, core.settings()) },
      client,
    );
    return c.json({});
  }
  if (input.phone) {
    if (input.channel && input.channel !== "sms" && input.channel !== "whatsapp")
      throw validation("Invalid channel, supported values are 'sms' or 'whatsapp'");
    await requestPhoneOtp(core, normalizePhone(input.phone), input.create_user, input.data, client);
    return c.json({});
  }
  throw validation("An email address or phone number is required");
});
