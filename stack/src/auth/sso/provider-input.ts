import { z } from "zod";
import { validation } from "../errors.ts";
import { NAME_ID_FORMATS } from "./name-id-formats.ts";

const attributeSchema = z.object({
  name: z.string().optional(),
  names: z.array(z.string()).optional(),
  default: z.unknown().optional(),
  array: z.boolean().optional(),
});

/** The body of POST/PUT `/admin/sso/providers` (auth: internal/api/ssoadmin.go CreateSSOProviderParams). */
export const providerBodySchema = z.object({
  type: z.string().optional(),
  metadata_url: z.string().optional(),
  metadata_xml: z.string().optional(),
  domains: z.array(z.string()).optional(),
  attribute_mapping: z.object({ keys: z.record(z.string(), attributeSchema).optional() }).optional(),
  name_id_format: z.string().optional(),
  resource_id: z.string().optional(),
  disabled: z.boolean().optional(),
});
export type ProviderBody = z.infer<typeof providerBodySchema>;

/** GoTrue's CreateSSOProviderParams.validate: same checks, order and messages (400 `validation_failed`). */
export function validateProviderBody(body: ProviderBody, forUpdate: boolean): void {
  const url = body.metadata_url ?? "";
  const xml = body.metadata_xml ?? "";
  if (!forUpdate && body.type !== "saml") throw validation("Only 'saml' supported for SSO provider type");
  if (url !== "" && xml !== "") throw validation("Only one of metadata_xml or metadata_url needs to be set");
  if (!forUpdate && url === "" && xml === "") throw validation("Either metadata_xml or metadata_url must be set");
  if (url !== "") {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw validation("metadata_url is not a valid URL");
    }
    if (parsed.protocol !== "https:") throw validation("metadata_url is not a HTTPS URL");
  }
  const format = body.name_id_format ?? "";
  if (format !== "" && !NAME_ID_FORMATS.includes(format)) {
    throw validation(`name_id_format must be unspecified or one of ${NAME_ID_FORMATS.join(", ")}`);
  }
}
