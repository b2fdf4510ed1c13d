import { requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { providerJson } from "../sso/provider-json.ts";
import { listProviders } from "../sso/provider-store.ts";
import { requireSaml } from "../sso/require-saml.ts";

/**
 * GET /admin/sso/providers (ssoadmin.go adminSSOProvidersList): `{items}` without metadata XML; `resource_id` /
 * `resource_id_prefix` filters.
 */
export const adminSsoProvidersListRoute = route("get", "/admin/sso/providers", async (c, core) => {
  requireAdmin(c);
  requireSaml(core);
  await core.sso.ensureEmulatorProvider();
  const providers = await listProviders(core.pool, {
    resourceId: c.req.query("resource_id"),
    resourceIdPrefix: c.req.query("resource_id_prefix"),
  });
  return c.json({ items: providers.map((provider) => providerJson(provider, { withMetadataXml: false })) });
});
