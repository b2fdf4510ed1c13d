import { z } from "zod";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { ignoredFields, metadata, pkceFields } from "../http/schemas.ts";
import { parsePkce } from "../pkce/flow-state.ts";
import { signInAnonymously } from "../users/anonymous-sign-in.ts";
import { signUp } from "../users/sign-up.ts";

const body = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadata,
  channel: z.enum(["sms", "whatsapp"]).optional(),
  ...pkceFields,
  ...ignoredFields,
});

/** POST /signup: email or phone sign-up, or an anonymous sign-in without either. */
export const signupRoute = route("post", "/signup", async (c, core) => {
  const input = await readBody(c, body);
  const client = clientInfo(c);
  if (!input.email && !input.phone) return c.json(await signInAnonymously(core, input.data, client));
  core.limits.check("sign_in_sign_ups", client.ip);
  const result = await signUp(
    core,
    {
      email: input.email || undefined,
      phone: input.email ? input.phone || undefined : input.phone,
      password: input.password,
      data: input.data,
      pkce: parsePkce(input.code_challenge, input.code_challenge_method),
      redirectTo: requestRedirect(c, core.settings()),
    },
    client,
  );
  return c.json(result);
});
