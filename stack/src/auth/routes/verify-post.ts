import { z } from "zod";
import { validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { ignoredFields } from "../http/schemas.ts";
import type { VerificationProof } from "../otp/find-verification.ts";
import { isPhoneType, isVerificationType } from "../otp/verification-types.ts";
import { verify } from "../otp/verify.ts";
import { normalizeEmail, normalizePhone } from "../users/identifiers.ts";

const body = z.object({
  type: z.string().default(""),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  redirect_to: z.string().optional(),
  ...ignoredFields,
});

/** Turns the body into a token or token-hash proof with GoTrue's validation messages. */
function proofFrom(input: z.infer<typeof body>): VerificationProof {
  if (input.type === "") throw validation("Verify requires a verification type");
  if (!isVerificationType(input.type)) throw validation("Unsupported verification type");
  if (!input.token && !input.token_hash) throw validation("Verify requires a token or a token hash");
  if (input.token && input.token_hash) throw validation("Verify requires either a token or a token hash");
  if (input.token_hash) {
    if (input.email || input.phone || input.redirect_to)
      throw validation("Only the token_hash and type should be provided");
    return { form: "hash", type: input.type, hash: input.token_hash };
  }
  if (Boolean(input.email) === Boolean(input.phone))
    throw validation("Only an email address or phone number should be provided on verify");
  const identifier = input.email ? normalizeEmail(input.email, 422) : normalizePhone(input.phone ?? "");
  if (isPhoneType(input.type) !== !input.email) throw validation("Unsupported verification type");
  return { form: "token", type: input.type, token: (input.token ?? "").trim(), identifier };
}

/** POST /verify (`verifyOtp`): always a session, or the email-change first-half message. */
export const verifyPostRoute = route("post", "/verify", async (c, core) => {
  const client = clientInfo(c);
  core.limits.check("token_verifications", client.ip);
  const proof = proofFrom(await readBody(c, body));
  const result = await verify(core, proof, client, false);
  if (result.kind === "pending") return c.json({ msg: result.message, code: "200" });
  if (result.kind === "session") return c.json(result.session);
  throw new Error("PKCE codes are only issued for links");
});
