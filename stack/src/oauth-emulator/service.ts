import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono, type Context } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import { emulatorBasePath, type EmulatedProvider } from "../config/index.ts";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { accountForAccessToken, githubEmails, githubUnauthorized, githubUser } from "./github-api.ts";
import { emulatedProviders, EmulatedIssuers, PROVIDER_LABELS } from "./issuers.ts";
import { mountRequest, nodeBindings } from "./node-bindings.ts";
import { renderSignInPage } from "./sign-in-page.ts";
import { TestAccounts } from "./test-accounts.ts";
import { mintTestIdToken } from "./test-id-token.ts";
import { readLoginForm } from "./login-form.ts";

/** Base path of every emulated provider: `/emulators/oauth/<provider>`. */
export const OAUTH_EMULATOR_BASE_PATH = "/emulators/oauth";

/**
 * The OAuth provider emulator: for each `[auth.external.<provider>]` enabled without credentials
 * (google, github, keycloak), a real OpenID Connect server at `/emulators/oauth/<provider>` with
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
  const unknownProvider = (c: Context) => c.json({ error: "not_found", error_description: "This provider is not emulated by the stack" }, 404);

  app.get("/", (c) => c.json({ providers: providers.map((name) => ({ name, issuer: `${deps.urls.api}${emulatorBasePath(name)}` })) }));

  app.get("/:provider/interaction/:uid", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c);
    const details = await issuer.provider.interactionDetails(incoming, outgoing).catch(() => undefined);
    if (!details || details.uid !== c.req.param("uid")) return c.text("This sign-in has expired. Start again from the app.", 400);
    return c.html(
      renderSignInPage({
        providerLabel: PROVIDER_LABELS[name],
        interactionPath: `${emulatorBasePath(name)}/interaction/${details.uid}`,
        clientName: "Parley",
        accounts: accounts.list(),
      }),
    );
  });

  app.post("/:provider/interaction/:uid/login", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c);
    const details = await issuer.provider.interactionDetails(incoming, outgoing).catch(() => undefined);
    if (!details || details.uid !== c.req.param("uid")) return c.text("This sign-in has expired. Start again from the app.", 400);
    const form = await readLoginForm(c, accounts);
    if (!form.ok) {
      const page = renderSignInPage({
        providerLabel: PROVIDER_LABELS[name],
        interactionPath: `${emulatorBasePath(name)}/interaction/${details.uid}`,
        clientName: "Parley",
        accounts: accounts.list(),
        error: form.error,
      });
      return c.html(page, 400);
    }
    const grant = new issuer.provider.Grant({ accountId: form.account.id, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    const returnTo = await issuer.provider.interactionResult(
      incoming,
      outgoing,
      { login: { accountId: form.account.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(returnTo, 303);
  });

  app.post("/:provider/interaction/:uid/deny", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c);
    const details = await issuer.provider.interactionDetails(incoming, outgoing).catch(() => undefined);
    if (!details || details.uid !== c.req.param("uid")) return c.text("This sign-in has expired. Start again from the app.", 400);
    const returnTo = await issuer.provider.interactionResult(
      incoming,
      outgoing,
      { error: "access_denied", error_description: "The user denied access" },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(returnTo, 303);
  });

  // GitHub's endpoints: authorize (GitHub scopes; the emulator adds `openid`), then its REST API.
  app.get("/:provider/login/oauth/authorize", (c) => {
    const name = providerOf(c);
    if (name !== "github") return unknownProvider(c);
    const query = new URL(c.req.url).searchParams;
    query.set("scope", ["openid", ...(query.get("scope") ?? "").split(/[\s,]+/).filter(Boolean)].join(" "));
    return c.redirect(`${emulatorBasePath(name)}/auth?${query.toString()}`, 302);
  });
  app.get("/:provider/user", async (c) => {
    const name = providerOf(c);
    if (name !== "github") return unknownProvider(c);
    const account = await accountForAccessToken(c, await issuers.get(name), accounts);
    return account ? c.json(githubUser(account)) : c.json(githubUnauthorized, 401);
  });
  app.get("/:provider/user/emails", async (c) => {
    const name = providerOf(c);
    if (name !== "github") return unknownProvider(c);
    const account = await accountForAccessToken(c, await issuers.get(name), accounts);
    return account ? c.json(githubEmails(account)) : c.json(githubUnauthorized, 401);
  });

  // Test helper (documented in the README): an id_token for a test account, for signInWithIdToken.
  app.post("/:provider/test/id-token", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const body: unknown = await c.req.json().catch(() => ({}));
    const issuer = await issuers.get(name);
    try {
      return c.json(await mintTestIdToken(issuer, accounts, issuers.clientCredentials(name).clientId, body as never));
    } catch (error) {
      return c.json({ error: "invalid_request", error_description: (error as Error).message }, 400);
    }
  });

  // Everything else is the OpenID Connect server itself (discovery, jwks, auth, token, userinfo…).
  app.all("/:provider/*", async (c) => {
    const name = providerOf(c);
    if (!name) return unknownProvider(c);
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c) as { incoming: IncomingMessage & { originalUrl?: string }; outgoing: ServerResponse };
    const mountPath = emulatorBasePath(name);
    mountRequest(incoming, mountPath);
    // Always show the sign-in page (pick an account each time), unless the client asked otherwise.
    const url = new URL(incoming.url ?? "/", "http://emulator");
    if (url.pathname === "/auth" && !url.searchParams.has("prompt")) {
      url.searchParams.set("prompt", "login");
      incoming.url = `${url.pathname}?${url.searchParams.toString()}`;
      incoming.originalUrl = `${mountPath}${incoming.url}`;
    }
    await issuer.provider.callback()(incoming, outgoing);
    return RESPONSE_ALREADY_SENT;
  });

  return { name: "oauth-emulator", basePath: OAUTH_EMULATOR_BASE_PATH, app };
}
