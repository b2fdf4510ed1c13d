import { requireAdmin } from "../http/caller.ts";
import { readBody } from "../http/body.ts";
import { route } from "../http/route.ts";
import { createProvider } from "../sso/admin-providers.ts";
import { providerBodySchema, validateProviderBody } from "../sso/provider-input.ts";
import { providerJson } from "../sso/provider-json.ts";
import { requireSaml } from "../sso/require-saml.ts";

/** POST /admin/sso/providers (ssoadmin.go adminSSOProvidersCreate): 201 with the provider. */
export const adminSsoProvidersCreateRoute = route("post", "/admin/sso/providers", async (c, core) => {
  requireAdmin(c);
  requireSaml(core);
  const body = await readBody(c, providerBodySchema);
  validateProviderBody(body, false);
  return c.json(providerJson(await createProvider(core, body)), 201);
});
