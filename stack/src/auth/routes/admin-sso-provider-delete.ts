import { requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { loadProvider } from "../sso/admin-providers.ts";
import { providerJson } from "../sso/provider-json.ts";
import { deleteProvider } from "../sso/provider-store.ts";
import { requireSaml } from "../sso/require-saml.ts";

/** DELETE /admin/sso/providers/{idp_id}: 200 with the deleted provider (domains and relay states cascade). */
export const adminSsoProviderDeleteRoute = route("delete", "/admin/sso/providers/:idp_id", async (c, core) => {
  requireAdmin(c);
  requireSaml(core);
  const provider = await loadProvider(core, c.req.param("idp_id") ?? "");
  await deleteProvider(core.pool, provider.id);
  return c.json(providerJson(provider));
});
