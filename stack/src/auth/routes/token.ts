import { z } from "zod";
import { badRequest, ErrorCode, unprocessable, validation } from "../errors.ts";
import { idTokenGrant } from "../external/id-token-grant.ts";
import { OAuthStyleError } from "../external/oauth-error.ts";
import { authCallFromContext, type AuthCall } from "../http/auth-call.ts";
import { parseBody } from "../http/body.ts";
import { requireCallingUser } from "../http/caller.ts";
import type { AuthCore } from "../core.ts";
import { callerClientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { ignoredFields } from "../http/schemas.ts";
import { passwordGrant } from "../sessions/password-grant.ts";
import { pkceGrant } from "../sessions/pkce-grant.ts";
import { refreshTokenGrant } from "../sessions/refresh-token-grant.ts";

const passwordBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().default(""),
  ...ignoredFields,
});
const refreshBody = z.object({ refresh_token: z.string().default("") });
const idTokenBody = z.object({
  provider: z.string().default(""),
  id_token: z.string().default(""),
  access_token: z.string().default(""),
  nonce: z.string().default(""),
  link_identity: z.boolean().default(false),
  ...ignoredFields,
});
const pkceBody = z.object({ auth_code: z.string().default(""), code_verifier: z.string().default("") });

/** `link_identity`: the caller must be signed in (auth: token_oidc.go "Linking requires …"). */
async function linkTarget(c: AuthCall, core: AuthCore): Promise<string> {
  const auth = c.auth;
  if (!auth.ok || auth.token === null || typeof auth.claims.sub !== "string") {
    throw new OAuthStyleError("invalid request", "Linking requires a valid user access token in Authorization");
  }
  const caller = await requireCallingUser(c, core).catch(() => {
    throw new OAuthStyleError("invalid request", "Linking requires a valid user authentication");
  });
  return caller.user.id;
}

/**
 * The per-IP bucket a grant spends before its body is read, as GoTrue's Token handler
 * (auth: internal/api/token.go): web3 its own, every other grant served `token_refresh` (password
 * sign-ins included), an unsupported grant type none (it is refused first).
 */
function grantBucket(grantType: string | undefined): "token_refresh" | "web3" | undefined {
  switch (grantType) {
    case "password":
    case "refresh_token":
    case "pkce":
    case "id_token":
      return "token_refresh";
    case "web3":
      return "web3";
    default:
      return undefined;
  }
}

/**
 * POST /token?grant_type=password|refresh_token|pkce|id_token: the session as JSON. Served on both
 * gateway paths (the native one answers it without Hono: every signed-in client refreshes here).
 * @example const session = await tokenGrant(authCallFromServiceRequest(request), core);
 */
export async function tokenGrant(c: AuthCall, core: AuthCore): Promise<unknown> {
  const client = callerClientInfo(c);
  const grantType = c.query("grant_type");
  const bucket = grantBucket(grantType);
  if (bucket) core.limits.check(bucket, client.ip);
  switch (grantType) {
    case "password": {
      const input = parseBody(await c.text(), passwordBody);
      return passwordGrant(
        core,
        { email: input.email || undefined, phone: input.phone || undefined, password: input.password },
        client,
      );
    }
    case "refresh_token": {
      const input = parseBody(await c.text(), refreshBody);
      return refreshTokenGrant(core, input.refresh_token, client);
    }
    case "pkce": {
      const input = parseBody(await c.text(), pkceBody);
      if (input.auth_code === "" || input.code_verifier === "")
        throw validation("invalid request: both auth code and code verifier should be non-empty");
      return pkceGrant(core, input.auth_code, input.code_verifier, client);
    }
    case "id_token": {
      const input = parseBody(await c.text(), idTokenBody);
      const linkTargetUserId = input.link_identity ? await linkTarget(c, core) : undefined;
      return idTokenGrant(
        core,
        {
          provider: input.provider,
          idToken: input.id_token,
          accessToken: input.access_token,
          nonce: input.nonce,
          linkTargetUserId,
        },
        client,
      );
    }
    case "web3":
      throw unprocessable(ErrorCode.web3_provider_disabled, "Web3 provider is disabled");
    default:
      throw badRequest(ErrorCode.invalid_credentials, "unsupported_grant_type");
  }
}

/** POST /token on the Hono path (an absolute-form request target, say); the native path calls {@link tokenGrant}. */
export const tokenRoute = route("post", "/token", async (c, core) =>
  c.json(await tokenGrant(authCallFromContext(c), core)),
);
