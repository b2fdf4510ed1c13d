// Registration and update bodies of OAuth clients, checked as GoTrue's oauthserver service.go does,
// with its messages (all 400 validation_failed).
import { z } from "zod";
import { validation } from "../errors.ts";
import { redirectUriProblem } from "./redirect-uri.ts";

export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;
export const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;
export type ClientType = "public" | "confidential";
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const registerSchema = z.object({
  redirect_uris: z.array(z.string()).optional(),
  client_type: z.string().optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  client_name: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
});

export const updateSchema = registerSchema.omit({ client_type: true });

/** A registration after validation, with GoTrue's defaults filled in. */
export interface ClientRegistration {
  redirectUris: string[];
  clientType: ClientType;
  authMethod: AuthMethod;
  grantTypes: string[];
  clientName: string | null;
  clientUri: string | null;
  logoUri: string | null;
}

export function checkRedirectUris(uris: readonly string[] | undefined): string[] {
  if (uris === undefined) throw validation("redirect_uris is required");
  if (uris.length === 0) throw validation("redirect_uris cannot be empty");
  if (uris.length > 10) throw validation("redirect_uris cannot exceed 10 items");
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw validation(`invalid redirect_uri '${uri}': ${problem}`);
  }
  return [...uris];
}

export function checkGrantTypes(grantTypes: readonly string[]): string[] {
  if (grantTypes.length === 0) throw validation("grant_types cannot be empty");
  if (!grantTypes.every((type) => (GRANT_TYPES as readonly string[]).includes(type)))
    throw validation("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  return [...grantTypes];
}

/** client_uri / logo_uri: at most 2048 characters and an absolute URL. */
export function checkOptionalUrl(name: "client_uri" | "logo_uri", value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (value.length > 2048) throw validation(`${name} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw validation(`${name} must be a valid URL`);
  return value;
}

export function checkClientName(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  if (value.length > 1024) throw validation("client_name cannot exceed 1024 characters");
  return value;
}

const typeOfMethod = (method: string): ClientType => (method === "none" ? "public" : "confidential");

function checkAuthMethod(method: string | undefined): AuthMethod | undefined {
  if (method === undefined || method === "") return undefined;
  if (!(AUTH_METHODS as readonly string[]).includes(method))
    throw validation(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(" ")}]`);
  return method as AuthMethod;
}

/** Validates a registration body; client type and auth method default as GoTrue's registerOAuthServerClient. */
export function toRegistration(body: z.infer<typeof registerSchema>): ClientRegistration {
  const redirectUris = checkRedirectUris(body.redirect_uris);
  const grantTypes = body.grant_types?.length ? checkGrantTypes(body.grant_types) : [...GRANT_TYPES];
  const clientName = checkClientName(body.client_name);
  const clientUri = checkOptionalUrl("client_uri", body.client_uri);
  const logoUri = checkOptionalUrl("logo_uri", body.logo_uri);
  const explicitType = body.client_type === "" ? undefined : body.client_type;
  if (explicitType !== undefined && explicitType !== "public" && explicitType !== "confidential")
    throw validation("client_type must be 'public' or 'confidential'");
  const method = checkAuthMethod(body.token_endpoint_auth_method);
  if (explicitType && method && typeOfMethod(method) !== explicitType)
    throw validation(
      `client_type '${explicitType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOfMethod(method)}')`,
    );
  const clientType: ClientType = explicitType ?? (method ? typeOfMethod(method) : "confidential");
  const authMethod: AuthMethod = method ?? (clientType === "public" ? "none" : "client_secret_basic");
  return { redirectUris, clientType, authMethod, grantTypes, clientName, clientUri, logoUri };
}
