import { z } from "zod";
import { readBody } from "../http/body.ts";
import { requireNonAnonymousUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { enrolPhoneFactor } from "../mfa/enroll-phone.ts";
import { enrolTotpFactor } from "../mfa/enroll-totp.ts";
import { enrolWebauthnFactor } from "../mfa/enroll-webauthn.ts";
import { assertEnrollEnabled, parseFactorType } from "../mfa/factor-gates.ts";

const schema = z
  .object({
    factor_type: z.string().default(""),
    friendly_name: z.string().default(""),
    issuer: z.string().default(""),
    phone: z.string().default(""),
  })
  .loose();

/** POST /factors (`mfa.enroll`): TOTP, phone and WebAuthn (security key) enrolment. */
export const factorsEnrollRoute = route("post", "/factors", async (c, core) => {
  const { user, session } = await requireNonAnonymousUser(c, core);
  const body = await readBody(c, schema);
  const type = parseFactorType(body.factor_type);
  assertEnrollEnabled(core.settings(), type);
  const ip = clientInfo(c).ip;
  if (type === "phone")
    return c.json(
      await enrolPhoneFactor(core, { user, session, friendlyName: body.friendly_name, phone: body.phone, ip }),
    );
  if (type === "webauthn")
    return c.json(await enrolWebauthnFactor(core, { user, session, friendlyName: body.friendly_name, ip }));
  return c.json(
    await enrolTotpFactor(core, { user, session, friendlyName: body.friendly_name, issuer: body.issuer, ip }),
  );
});
