import type { AuthCore } from "../core.ts";
import { completeCallback, type CallbackParams } from "../external/complete-callback.ts";
import { clientInfo } from "../http/client-info.ts";
import { route, type AuthContext } from "../http/route.ts";

async function callbackParams(c: AuthContext): Promise<CallbackParams> {
  const form: Record<string, unknown> = c.req.method === "POST" ? await c.req.parseBody().catch(() => ({})) : {};
  const value = (key: string) => {
    const posted = form[key];
    return typeof posted === "string" ? posted : (c.req.query(key) ?? "");
  };
  return {
    state: value("state"),
    code: value("code"),
    error: value("error"),
    errorDescription: value("error_description"),
    iss: value("iss"),
    user: value("user"),
  };
}

/** GET|POST /callback: the provider returns here (open route; POST for form_post providers). */
const handle = async (c: AuthContext, core: AuthCore) => {
  const { location, status } = await completeCallback(core, await callbackParams(c), clientInfo(c));
  return c.redirect(location, status);
};

export const callbackGetRoute = route("get", "/callback", handle);
export const callbackPostRoute = route("post", "/callback", handle);
