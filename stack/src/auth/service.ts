import { Hono } from "hono";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { readAuthSettings, type AuthSettings } from "./config/settings.ts";
import type { AuthCore } from "./core.ts";
import { AuthError, ErrorCode } from "./errors.ts";
import { authFailureParts } from "./http/failure.ts";
import { isNativeAuthRequest, nativeTokenHandler } from "./http/native-token.ts";
import { API_VERSION_HEADER, errorResponse } from "./http/respond.ts";
import { createRateLimits } from "./limits/rate-limits.ts";
import { createAuthMailer } from "./email/auth-mailer.ts";
import { authRoutes } from "./routes/index.ts";
import { createSsoRuntime } from "./sso/sso-runtime.ts";

function lazySettings(deps: ServiceDeps): () => AuthSettings {
  let cached: { api: string; settings: AuthSettings } | undefined;
  return () => {
    const api = deps.urls.api;
    if (cached?.api !== api) cached = { api, settings: readAuthSettings(deps.config, api) };
    return cached.settings;
  };
}

/**
 * The `/auth/v1` service: GoTrue's endpoints over the `auth` schema, answering errors in GoTrue's
 * shape (it leaves `rejectInvalidToken` unset and checks bearer tokens per route).
 * @example const service = await createAuthService(deps); gateway.mount(service);
 */
export async function createAuthService(deps: ServiceDeps): Promise<StackService> {
  const settings = lazySettings(deps);
  const core: AuthCore = {
    pool: deps.db.admin,
    keys: deps.keys,
    logger: deps.logger,
    settings,
    mailer: createAuthMailer(deps, settings),
    limits: createRateLimits(readAuthSettings(deps.config, deps.urls.api), { perIp: deps.clientAddressConfigured }),
    sso: createSsoRuntime({
      dataDir: deps.dataDir,
      pool: deps.db.admin,
      logger: deps.logger,
      apiUrl: () => deps.urls.api,
      production: deps.production,
      samlEnabled: deps.config.auth.saml?.enabled ?? false,
    }),
  };
  const app = new Hono<GatewayEnv>();
  for (const r of authRoutes) app[r.method](r.path, (c) => r.handle(c, core));
  app.notFound((c) => errorResponse(c, new AuthError(404, ErrorCode.not_found, "Not Found")));
  app.onError((error, c) => {
    const failed = authFailureParts(error, {
      logger: deps.logger,
      path: c.req.path,
      requestId: c.get("requestId"),
      requestedVersion: c.req.header(API_VERSION_HEADER),
    });
    return c.json(failed.body, failed.status as 400, failed.headers);
  });
  return {
    name: "auth",
    basePath: "/auth/v1",
    app,
    handle: nativeTokenHandler(core, deps.logger),
    handlesNatively: isNativeAuthRequest,
    afterDbReset: async () => core.sso.forgetEmulatorProvider(),
  };
}
