import { z } from "zod";
import { readBody } from "../http/body.ts";
import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { createTotpChallenge } from "../mfa/challenge.ts";
import { createPhoneChallenge } from "../mfa/challenge-phone.ts";
import { createWebauthnChallenge } from "../mfa/challenge-webauthn.ts";
import { assertVerifyEnabled, parseFactorType } from "../mfa/factor-gates.ts";
import { findOwnedFactor } from "../mfa/factor-store.ts";

const schema = z.object({ channel: z.string().nullish() }).loose();

/**
 * POST /factors/{id}/challenge (`mfa.challenge`): a challenge valid 300 s from the caller's IP; phone factors get the
 * code by SMS, WebAuthn factors the browser's creation or request options.
 */
export const factorChallengeRoute = route("post", "/factors/:factorId/challenge", async (c, core) => {
  const { user } = await requireNonAnonymousUser(c, core);
  const factor = await findOwnedFactor(core.pool, user.id, c.req.param("factorId") ?? "");
  assertVerifyEnabled(core.settings(), parseFactorType(factor.factor_type));
  const ip = clientInfo(c).ip;
  if (factor.factor_type === "phone") {
    const body = await readBody(c, schema);
    return c.json(await createPhoneChallenge(core, { user, factor, ip, channel: body.channel ?? "" }));
  }
  if (factor.factor_type === "webauthn") return c.json(await createWebauthnChallenge(core, { user, factor, ip }));
  return c.json(await createTotpChallenge(core, user, factor, ip));
});
