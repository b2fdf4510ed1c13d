import { createHash } from "node:crypto";
import { jwtVerify, type JWTPayload } from "jose";
import { inTransaction } from "../../db/index.ts";
import type { AuthCore } from "../core.ts";
import { badRequest, ErrorCode, validation } from "../errors.ts";
import { startSession, type SessionJson } from "../sessions/issue-session.ts";
import type { ClientInfo } from "../sessions/session-store.ts";
import { resolveExternalUser, type ExternalAccount, type ExternalSignIn } from "./external-account.ts";
import { linkIdentityToUser } from "./link-identity.ts";
import { OAuthStyleError } from "./oauth-error.ts";
import { providerKeySet } from "./provider-keys.ts";
import { acceptableClientIds, resolveProvider } from "./providers.ts";
import { idTokenUserData } from "./user-data.ts";

/** Providers whose id_tokens GoTrue accepts by name (auth: token_oidc.go); the stack verifies google and keycloak. */
const ID_TOKEN_PROVIDERS: Record<string, string> = {
  apple: "https://appleid.apple.com",
  google: "https://accounts.google.com",
  azure: "https://login.microsoftonline.com/common/v2.0",
  facebook: "https://www.facebook.com",
  keycloak: "",
  kakao: "https://kauth.kakao.com",
  snapchat: "https://accounts.snapchat.com",
};

export interface IdTokenParams {
  provider: string;
  idToken: string;
  accessToken: string;
  nonce: string;
  /** With link_identity: the signed-in caller the identity attaches to. */
  linkTargetUserId?: string;
}

const invalid = (description: string, error = "invalid request") => new OAuthStyleError(error, description);

/** go-oidc's at_hash: base64url of the left half of SHA-256(access_token) (RS256/ES256). */
function accessTokenHash(accessToken: string): string {
  const digest = createHash("sha256").update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString("base64url");
}

/**
 * `grant_type=id_token` (auth: token_oidc.go): the id_token's signature (provider JWKS), issuer,
 * expiry, optional at_hash, `sub`, audience ∈ client ids and nonce = hex SHA-256 of the raw nonce
 * (unless skip_nonce_check) are checked, then the user is found, linked or created as on callback.
 */
export async function idTokenGrant(core: AuthCore, params: IdTokenParams, client: ClientInfo): Promise<SessionJson> {
  if (params.idToken === "") throw invalid("id_token required");
  if (params.provider === "") throw invalid("provider or client_id and issuer required");
  if (!(params.provider in ID_TOKEN_PROVIDERS))
    throw validation(`Custom OIDC provider "${params.provider}" not allowed`);
  const provider = resolveProvider(core, params.provider);
  if (!provider || provider.kind !== "oidc") {
    throw badRequest(
      ErrorCode.provider_disabled,
      `Provider (issuer "${ID_TOKEN_PROVIDERS[params.provider] ?? ""}") is not enabled`,
    );
  }
  const keySet = await providerKeySet(provider);
  if (!keySet) throw invalid("Bad ID token");
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(params.idToken, keySet.keys, { issuer: keySet.issuer }));
  } catch (error) {
    throw new OAuthStyleError("invalid request", "Bad ID token", error);
  }
  if (
    params.accessToken !== "" &&
    typeof claims.at_hash === "string" &&
    claims.at_hash !== accessTokenHash(params.accessToken)
  )
    throw invalid("Bad ID token");
  if (!claims.sub) throw invalid("Missing sub claim in id_token");
  const audience = Array.isArray(claims.aud) ? claims.aud : claims.aud ? [claims.aud] : [];
  const accepted = acceptableClientIds(core.settings(), provider);
  if (!audience.some((aud) => accepted.includes(aud)))
    throw invalid(`Unacceptable audience in id_token: [${audience.join(" ")}]`);
  if (!provider.skipNonceCheck) {
    const tokenNonce = typeof claims.nonce === "string" ? claims.nonce : "";
    if ((tokenNonce !== "") !== (params.nonce !== ""))
      throw invalid("Passed nonce and nonce in id_token should either both exist or not.");
    if (tokenNonce !== "" && createHash("sha256").update(params.nonce).digest("hex") !== tokenNonce)
      throw invalid("Nonces mismatch", "invalid nonce");
  }
  const sign: ExternalSignIn = {
    provider: provider.name,
    data: idTokenUserData(provider.name, { ...claims }),
    emailOptional: provider.emailOptional,
    redirectTo: core.settings().site_url,
    ip: client.ip,
  };
  const outcome = await inTransaction(core.pool, async (sql) => {
    const account: ExternalAccount = params.linkTargetUserId
      ? await linkIdentityToUser(core, sql, params.linkTargetUserId, sign)
      : await resolveExternalUser(core, sql, sign);
    if (account.deferredError) return { error: account.deferredError };
    return { session: await startSession(core, sql, account.user, "oauth", client) };
  });
  if ("error" in outcome) throw outcome.error;
  return outcome.session;
}
