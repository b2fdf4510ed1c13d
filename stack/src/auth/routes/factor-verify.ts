import { z } from "zod";
import { badRequest, ErrorCode, internal, validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { isUuid, requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { assertVerifyEnabled, parseFactorType } from "../mfa/factor-gates.ts";
import { findOwnedFactor } from "../mfa/factor-store.ts";
import { verifyPhoneFactor } from "../mfa/verify-phone.ts";
import { verifyTotpFactor } from "../mfa/verify-totp.ts";
import { verifyWebauthnFactor, type WebauthnVerifyParams } from "../mfa/verify-webauthn.ts";

const schema = z
  .object({
    challenge_id: z.string().default(""),
    code: z.string().default(""),
    webauthn: z
      .object({ type: z.string().default(""), credential_response: z.unknown().optional() })
      .loose()
      .optional(),
  })
  .loose();

/** GoTrue's checks of the `webauthn` member, in its order (400 `validation_failed`). */
function webauthnParams(webauthn: z.infer<typeof schema>["webauthn"]): WebauthnVerifyParams {
  if (!webauthn) throw validation("WebAuthn config required");
  if (webauthn.type !== "create" && webauthn.type !== "request")
    throw validation("WebAuthn type must be create or request");
  if (webauthn.credential_response === undefined || webauthn.credential_response === null)
    throw validation("credential_response required");
  return { type: webauthn.type, credentialResponse: webauthn.credential_response };
}

/** POST /factors/{id}/verify (`mfa.verify`): a right code (or WebAuthn credential) gives the same session at aal2. */
export const factorVerifyRoute = route("post", "/factors/:factorId/verify", async (c, core) => {
  const { user, session } = await requireNonAnonymousUser(c, core);
  const factor = await findOwnedFactor(core.pool, user.id, c.req.param("factorId") ?? "");
  const body = await readBody(c, schema);
  const isWebauthn = factor.factor_type === "webauthn";
  if (body.code === "" && !isWebauthn) throw validation("Code needs to be non-empty");
  assertVerifyEnabled(core.settings(), parseFactorType(factor.factor_type));
  if (!session) throw internal("A valid session is required to verify a factor");
  const challengeId = body.challenge_id;
  // matches GoTrue: challenge_id decodes as a UUID or the body is not understood
  if (!isUuid(challengeId))
    throw badRequest(ErrorCode.bad_json, "Could not parse request body as JSON: invalid challenge_id");
  const input = { user, session, factor, challengeId, code: body.code, ip: clientInfo(c).ip };
  if (isWebauthn) return c.json(await verifyWebauthnFactor(core, input, webauthnParams(body.webauthn)));
  return c.json(
    factor.factor_type === "phone" ? await verifyPhoneFactor(core, input) : await verifyTotpFactor(core, input),
  );
});
