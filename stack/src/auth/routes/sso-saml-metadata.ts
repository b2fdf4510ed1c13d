import { route } from "../http/route.ts";
import { requireSaml } from "../sso/require-saml.ts";
import { spMetadataXml } from "../sso/sp-metadata.ts";

/** GET /sso/saml/metadata (open route): the SP metadata; `?download=true` as an attachment. */
export const ssoSamlMetadataRoute = route("get", "/sso/saml/metadata", async (c, core) => {
  requireSaml(core);
  const download = c.req.query("download") === "true";
  const headers: Record<string, string> = { "content-type": "application/xml", "cache-control": "public, max-age=600" };
  if (download) headers["content-disposition"] = 'attachment; filename="metadata.xml"';
  return c.body(await spMetadataXml(core, download), 200, headers);
});
