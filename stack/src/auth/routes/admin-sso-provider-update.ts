import { requireAdmin } from "../http/caller.ts";
import { readBody } from "../http/body.ts";
import { route } from "../http/route.ts";
import { loadProvider, updateProvider } from "../sso/admin-providers.ts";
import { providerBodySchema, validateProviderBody } from "../sso/provider-input.ts";
import { providerJson } from "../sso/provider-json.ts";
import { requireSaml } from "../sso/require-saml.ts";

/** PUT /admin/sso/providers/{idp_id} (ssoadmin.go adminSSOProvidersUpdate). */
export const adminSsoProviderUpdateRoute = route("put", "/admin/sso/providers/:idp_id", async (c, core) => {
  requireAdmin(c);
  requireSaml(core);
  const provider = await loadProvider(core, c.req.param("idp_id") ?? "");
  const body = await readBody(c, providerBodySchema);
  validateProviderBody(body, true);
  return c.json(providerJson(await updateProvider(core, provider, body)));
});
