import { Hono } from "hono";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { readAuthSettings, type AuthSettings } from "./config/settings.ts";
import type { AuthCore } from "./core.ts";
import { AuthError, ErrorCode } from "./errors.ts";
import { OAuthStyleError } from "./external/oauth-error.ts";
import { errorResponse } from "./http/respond.ts";
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
    if (error instanceof OAuthStyleError)
      return c.json({ error: error.error, error_description: error.description }, 400);
    if (error instanceof AuthError) {
      if (error.status >= 500)
        deps.logger.error({ err: error, cause: error.cause, path: c.req.path }, "auth: server error");
      return errorResponse(c, error);
    }
    deps.logger.error({ err: error, path: c.req.path, reqId: c.get("requestId") }, "auth: unexpected failure");
    return errorResponse(
      c,
      new AuthError(
        500,
        ErrorCode.unexpected_failure,
        "Unexpected failure, please check server logs for more information",
      ),
    );
  });
  return { name: "auth", basePath: "/auth/v1", app, afterDbReset: async () => core.sso.forgetEmulatorProvider() };
}
