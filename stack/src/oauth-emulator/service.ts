import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import type { ServerResponse } from "node:http";
import { emulatorBasePath, OAUTH_EMULATOR_BASE_PATH, oauth2Endpoints, type EmulatedProvider } from "../config/index.ts";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { OIDC_LAYOUTS } from "./oidc-layouts.ts";
import { accountForAccessToken, REST_APIS } from "./rest-apis.ts";
import { emulatedProviders, EmulatedIssuers, PROVIDER_LABELS } from "./issuers.ts";
import { mountRequest, nodeBindings, rewriteRequest, type MountedRequest } from "./node-bindings.ts";
import { TestAccounts } from "./test-accounts.ts";
import { mintTestIdToken } from "./test-id-token.ts";
import { mountInteractionRoutes } from "./interaction-routes.ts";

/** `scope` split on `separator`, with `openid` added first: each scope once, space-separated. */
const withOpenid = (scope: string | null, separator: RegExp | string) =>
  [...new Set(["openid", ...(scope ?? "").split(separator).filter(Boolean)])].join(" ");

/**
 * The OAuth provider emulator: for each `[auth.external.<provider>]` enabled without credentials
 * (OAuth 2.0 providers with their own paths in front), a real OpenID Connect server at `/emulators/oauth/<provider>`
 * with
 * its own sign-in page (pick or create a test account, or deny). Auth reaches it over HTTP exactly
 * as it reaches the real provider.
 * @example const service = await createOAuthEmulatorService(deps); // mounted by the gateway
 */
export async function createOAuthEmulatorService(deps: ServiceDeps): Promise<StackService> {
  const accounts = await TestAccounts.open(deps.dataDir);
  const providers = emulatedProviders(deps.config);
  for (const name of providers) {
    deps.logger.info(
      { provider: name, path: emulatorBasePath(name) },
      `auth.external.${name} is enabled without credentials: the stack emulates ${PROVIDER_LABELS[name]} at ${emulatorBasePath(name)}`,
    );
  }
  const issuers = new EmulatedIssuers(deps, accounts, providers);
  const app = new Hono<GatewayEnv>();

  const providerOf = (c: Context): EmulatedProvider | undefined => {
    const name = c.req.param("provider") ?? "";
    return issuers.has(name) ? name : undefined;
  };
  const unknownProvider = (c: Context) =>
    c.json({ error: "not_found", error_description: "This provider is not emulated by the stack" }, 404);

  app.get("/", (c) =>
    c.json({ providers: providers.map((name) => ({ name, issuer: `${deps.urls.api}${emulatorBasePath(name)}` })) }),
  );

  mountInteractionRoutes(app, issuers, accounts);

  // Test helper (documented in the README): an id_token for a test account, for signInWithIdToken.
  app.post("/:provider/test/id-token", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const body: unknown = await c.req.json().catch(() => ({}));
    const issuer = await issuers.get(name);
    try {
      return c.json(await mintTestIdToken(issuer, accounts, issuers.clientCredentials(name).clientId, body));
    } catch (error) {
      return c.json({ error: "invalid_request", error_description: (error as Error).message }, 400);
    }
  });

  // Everything else is the OpenID Connect server itself (discovery, jwks, auth, token, userinfo…).
  app.all("/:provider/*", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c) as { incoming: MountedRequest; outgoing: ServerResponse };
    const mountPath = emulatorBasePath(name);
    mountRequest(incoming, mountPath);
    const url = new URL(incoming.url ?? "/", "http://emulator");
    // An OAuth 2.0 provider's own paths (config/oauth2-endpoints.ts): authorize, token and its user API (rest-apis.ts).
    const endpoints = oauth2Endpoints(name);
    const rest = REST_APIS[name];
    let path = url.pathname;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // A malformed escape matches no provider path; oidc-provider answers it.
    }
    if (endpoints && path === endpoints.authorize.path && c.req.method === "GET") {
      url.searchParams.set("scope", withOpenid(url.searchParams.get("scope"), /[\s,]+/));
      return c.redirect(`${mountPath}/auth?${url.searchParams.toString()}`, 302);
    }
    const api = rest?.api[path];
    if (rest && api && c.req.method === "GET") {
      const account = await accountForAccessToken(c, issuer, accounts);
      return account ? c.json(api(account)) : c.json(rest.unauthorized, 401);
    }
    if (endpoints && path === endpoints.token.path) {
      // oidc-provider takes either secret method; a provider that insists on HTTP Basic refuses the form body.
      if (endpoints.tokenAuth === "basic" && !/^basic\s/i.test(c.req.header("authorization") ?? "")) {
        return c.json({ error: "invalid_client", error_description: "client authentication must use HTTP Basic" }, 401);
      }
      rewriteRequest(incoming, mountPath, `/token${url.search}`);
    }
    const layout = OIDC_LAYOUTS[name];
    // A provider whose issuer has a path (Entra ID's `/v2.0`) is discovered under it.
    const suffix = layout?.issuerSuffix;
    if (suffix && path.startsWith(`${suffix}/.well-known/`)) {
      rewriteRequest(incoming, mountPath, `${path.slice(suffix.length)}${url.search}`);
    }
    if (layout?.impliedOpenid && url.pathname === layout.routes.authorization) {
      url.searchParams.set("scope", withOpenid(url.searchParams.get("scope"), " "));
      rewriteRequest(incoming, mountPath, `${url.pathname}?${url.searchParams.toString()}`);
    }
    // Always show the sign-in page (pick an account each time), unless the client asked otherwise.
    if (url.pathname === (layout?.routes.authorization ?? "/auth") && !url.searchParams.has("prompt")) {
      url.searchParams.set("prompt", "login");
      rewriteRequest(incoming, mountPath, `${url.pathname}?${url.searchParams.toString()}`);
    }
    await issuer.handle(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  return { name: "oauth-emulator", basePath: OAUTH_EMULATOR_BASE_PATH, app };
}
