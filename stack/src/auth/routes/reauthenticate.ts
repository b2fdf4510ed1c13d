import { requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { sendReauthentication } from "../otp/reauthenticate.ts";

/** GET /reauthenticate (`reauthenticate`): sends the password-change nonce; `{}`. */
export const reauthenticateRoute = route("get", "/reauthenticate", async (c, core) => {
  const { user } = await requireUser(c, core);
  await sendReauthentication(core, user, clientInfo(c));
  return c.json({});
});
