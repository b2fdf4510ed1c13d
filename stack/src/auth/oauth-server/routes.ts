// The OAuth 2.1 server's endpoints under /auth/v1 (GoTrue api.go: /admin/oauth/clients,
// /oauth/clients/register, /oauth/authorize, /oauth/authorizations/{id}[/consent], /oauth/token),
// each answering 404 `feature_disabled` while `[auth.oauth_server] enabled` is off.
import { z } from "zod";
import { ErrorCode, forbidden, validation } from "../errors.ts";
import { OAuthStyleError } from "../external/oauth-error.ts";
import { readBody } from "../http/body.ts";
import { requireAdmin, requireUser } from "../http/caller.ts";
import { clientInfo } from "../http/client-info.ts";
import { route, type AuthContext, type AuthRoute } from "../http/route.ts";
import { startAuthorization, type AuthorizeQuery } from "./authorize-request.ts";
import { registerSchema, updateSchema } from "./client-input.ts";
import { clientJson } from "./client-json.ts";
import { listClients } from "./client-store.ts";
import {
  loadClient,
  registerClient,
  regenerateSecret,
  removeClient,
  updateRegisteredClient,
} from "./client-registry.ts";
import { authorizationDetails, decideAuthorization } from "./consent.ts";
import { checkRequestOrigin } from "./request-origin.ts";
import { requireOAuthServer } from "./require-oauth-server.ts";
import { oauthToken } from "./token-endpoint.ts";

const adminRoutes: AuthRoute[] = [
  route("post", "/admin/oauth/clients", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    return c.json(await registerClient(core, await readBody(c, registerSchema), "manual"), 201);
  }),
  route("get", "/admin/oauth/clients", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    return c.json({ clients: (await listClients(core.pool)).map((client) => clientJson(client)) });
  }),
  route("get", "/admin/oauth/clients/:client_id", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    return c.json(clientJson(await loadClient(core, c.req.param("client_id") ?? "")));
  }),
  route("put", "/admin/oauth/clients/:client_id", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    const id = c.req.param("client_id") ?? "";
    return c.json(await updateRegisteredClient(core, id, await readBody(c, updateSchema)));
  }),
  route("delete", "/admin/oauth/clients/:client_id", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    await removeClient(core, c.req.param("client_id") ?? "");
    return c.body(null, 204);
  }),
  route("post", "/admin/oauth/clients/:client_id/regenerate_secret", async (c, core) => {
    requireAdmin(c);
    requireOAuthServer(core);
    return c.json(await regenerateSecret(core, c.req.param("client_id") ?? ""));
  }),
];

const consentSchema = z.object({ action: z.string().optional() });

/** JSON or form body of /oauth/token, as GoTrue reads it; values that are not strings are ignored. */
async function tokenParams(c: AuthContext): Promise<Record<string, string>> {
  let raw: Record<string, unknown>;
  if ((c.req.header("content-type") ?? "").includes("application/json")) {
    try {
      raw = (await c.req.json()) as Record<string, unknown>;
    } catch {
      throw new OAuthStyleError("invalid_request", "Invalid JSON body");
    }
  } else {
    raw = await c.req.parseBody();
  }
  const params: Record<string, string> = {};
  if (typeof raw !== "object" || raw === null) return params;
  for (const [name, value] of Object.entries(raw)) if (typeof value === "string") params[name] = value;
  return params;
}

const publicRoutes: AuthRoute[] = [
  route("post", "/oauth/clients/register", async (c, core) => {
    requireOAuthServer(core);
    if (!core.settings().oauth_server.allow_dynamic_registration)
      throw forbidden(
        ErrorCode.oauth_dynamic_client_registration_disabled,
        "Dynamic client registration is not enabled",
      );
    return c.json(await registerClient(core, await readBody(c, registerSchema), "dynamic"), 201);
  }),
  route("get", "/oauth/authorize", async (c, core) => {
    requireOAuthServer(core);
    return c.redirect(await startAuthorization(core, c.req.query() as AuthorizeQuery), 302);
  }),
  route("get", "/oauth/authorizations/:authorization_id", async (c, core) => {
    requireOAuthServer(core);
    const { user } = await requireUser(c, core);
    checkRequestOrigin(core, c.req.header("origin"));
    return c.json(await authorizationDetails(core, user, c.req.param("authorization_id") ?? ""));
  }),
  route("post", "/oauth/authorizations/:authorization_id/consent", async (c, core) => {
    requireOAuthServer(core);
    const { user } = await requireUser(c, core);
    checkRequestOrigin(core, c.req.header("origin"));
    const { action } = await readBody(c, consentSchema);
    if (action !== "approve" && action !== "deny") throw validation("action must be 'approve' or 'deny'");
    return c.json(await decideAuthorization(core, user, c.req.param("authorization_id") ?? "", action));
  }),
  route("post", "/oauth/token", async (c, core) => {
    requireOAuthServer(core);
    return c.json(await oauthToken(core, c.req.header("authorization"), await tokenParams(c), clientInfo(c)));
  }),
];

export const oauthServerRoutes: readonly AuthRoute[] = [...adminRoutes, ...publicRoutes];
