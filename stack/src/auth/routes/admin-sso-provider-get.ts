import { requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { loadProvider } from "../sso/admin-providers.ts";
import { providerJson } from "../sso/provider-json.ts";
import { requireSaml } from "../sso/require-saml.ts";

/** GET /admin/sso/providers/{idp_id} (UUID or `resource_<id>`). */
export const adminSsoProviderGetRoute = route("get", "/admin/sso/providers/:idp_id", async (c, core) => {
  requireAdmin(c);
  requireSaml(core);
  await core.sso.ensureEmulatorProvider();
  return c.json(providerJson(await loadProvider(core, c.req.param("idp_id") ?? "")));
});
