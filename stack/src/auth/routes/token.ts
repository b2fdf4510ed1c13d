import { z } from "zod";
import { badRequest, ErrorCode, unprocessable, validation } from "../errors.ts";
import { readBody } from "../http/body.ts";
import { clientInfo } from "../http/client-info.ts";
import { route } from "../http/route.ts";
import { ignoredFields } from "../http/schemas.ts";
import { passwordGrant } from "../sessions/password-grant.ts";
import { pkceGrant } from "../sessions/pkce-grant.ts";
import { refreshTokenGrant } from "../sessions/refresh-token-grant.ts";

const passwordBody = z.object({ email: z.string().optional(), phone: z.string().optional(), password: z.string().default(""), ...ignoredFields });
const refreshBody = z.object({ refresh_token: z.string().default("") });
const pkceBody = z.object({ auth_code: z.string().default(""), code_verifier: z.string().default("") });

/** POST /token?grant_type=password|refresh_token|pkce (auth.md §2.2). */
export const tokenRoute = route("post", "/token", async (c, core) => {
  const client = clientInfo(c);
  const grantType = c.req.query("grant_type");
  if (grantType === "password" || grantType === "refresh_token" || grantType === "pkce") core.limits.check("token_refresh", client.ip);
  switch (grantType) {
    case "password": {
      const input = await readBody(c, passwordBody);
      return c.json(await passwordGrant(core, { email: input.email || undefined, phone: input.phone || undefined, password: input.password }, client));
    }
    case "refresh_token": {
      const input = await readBody(c, refreshBody);
      return c.json(await refreshTokenGrant(core, input.refresh_token, client));
    }
    case "pkce": {
      const input = await readBody(c, pkceBody);
      if (input.auth_code === "" || input.code_verifier === "") throw validation("invalid request: both auth code and code verifier should be non-empty");
      return c.json(await pkceGrant(core, input.auth_code, input.code_verifier, client));
    }
    case "id_token":
      // No identity provider is reachable offline: every provider is off (auth: token_oidc.go).
      throw badRequest(ErrorCode.provider_disabled, "Provider (issuer \"\") is not enabled");
    case "web3":
      throw unprocessable(ErrorCode.web3_provider_disabled, "Web3 provider is disabled");
    default:
      throw badRequest(ErrorCode.invalid_credentials, "unsupported_grant_type");
  }
});
