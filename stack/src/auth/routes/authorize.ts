import { startAuthorization } from "../external/start-authorization.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";

/** GET /authorize (open browser route): 302 to the provider's sign-in. */
export const authorizeRoute = route("get", "/authorize", async (c, core) => {
  const query = new URL(c.req.url).searchParams;
  const location = await startAuthorization(core, { query, referrer: requestRedirect(c, core.settings()) });
  return c.redirect(location, 302);
});
