import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { createTotpChallenge } from "../mfa/challenge.ts";
import { assertVerifyEnabled, parseFactorType } from "../mfa/factor-gates.ts";
import { findOwnedFactor } from "../mfa/factor-store.ts";

/** POST /factors/{id}/challenge (`mfa.challenge`): a challenge valid 300 s from the caller's IP. */
export const factorChallengeRoute = route("post", "/factors/:factorId/challenge", async (c, core) => {
  const { user } = await requireNonAnonymousUser(c, core);
  const factor = await findOwnedFactor(core.pool, user.id, c.req.param("factorId") ?? "");
  assertVerifyEnabled(core.settings(), parseFactorType(factor.factor_type));
  return c.json(await createTotpChallenge(core, user, factor, clientInfo(c).ip));
});
