import { Hono } from "hono";
import type { Logger } from "pino";
import { authorizeCaller } from "./authorize-caller.ts";
import type { GatewayEnv, StackService } from "./context.ts";
import { requestBodyLimit } from "./body-limit.ts";
import { cors } from "./cors.ts";
import { DEFAULT_HTTP_LIMITS } from "./http-limits.ts";
import type { KeyRing } from "./keys/index.ts";
import { clientAddressMiddleware, NO_TRUSTED_PROXIES, type TrustedProxies } from "./network/index.ts";
import { createNativeDispatch, honoRoutes, toWebResponse, type NativeDispatch } from "./native/index.ts";
import { noSniff } from "./no-sniff.ts";
import { requestContext } from "./request-context.ts";
import { NO_ROUTE_BODY, notImplementedBody, switchedOffBody, unexpectedFailureBody } from "./responses.ts";
import { untrustedContentHeaders, webAppRoutes } from "./web-app/index.ts";

/** Every base path hosted Supabase serves; those without a service answer 501. */
export const SERVICE_BASE_PATHS = ["/auth/v1", "/rest/v1", "/realtime/v1", "/storage/v1", "/functions/v1"] as const;

export interface GatewayOptions {
  keys: KeyRing;
  logger: Logger;
  services: readonly StackService[];
  requireApiKey: boolean;
  /** Largest request body for services that do not police their own (default 20 MiB). */
  maxBodyBytes?: number;
  /** Extra routes outside the service paths (the stack's own admin endpoints). */
  internal?: Hono<GatewayEnv>;
  /** Reverse proxies whose X-Forwarded-For/-Proto are believed (default: none). */
  trustedProxies?: TrustedProxies;
  /** Origins allowed by CORS; undefined echoes any origin (see cors.ts). */
  allowedOrigins?: readonly string[];
  /** The built web app to serve under every path the APIs leave free (production mode). */
  webRoot?: string;
  /** Services supabase/config.toml turned off (`setting` names the switch): their base path answers 503. */
  switchedOff?: readonly { basePath: string; setting: string }[];
}

/** Paths the web app never answers: the APIs, the stack's own endpoints, the emulators. */
const isReservedPath = (path: string) =>
  [...SERVICE_BASE_PATHS, "/_parley", "/emulators"].some((base) => path === base || path.startsWith(`${base}/`));

/**
 * The one HTTP app: request ids and logs, CORS, api key mapping and JWT verification, then routing
 * by base path. Unknown paths answer Kong's 404; uncaught errors a 500 with the request id.
 */
export function createGateway(options: GatewayOptions): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const selfCors = options.services.filter((s) => s.cors === "self").map((s) => s.basePath);
  app.use("*", requestContext(options.logger));
  app.use("*", clientAddressMiddleware(options.trustedProxies ?? NO_TRUSTED_PROXIES));
  app.use(
    "*",
    cors({
      passThrough: (path) => selfCors.some((base) => path.startsWith(`${base}/`) || path === base),
      ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    }),
  );

  if (options.internal) app.route("/_parley", options.internal);
  // Storage shares the app's origin when the gateway serves the app: stored files must not script it.
  if (options.webRoot !== undefined) app.use("/storage/v1/*", untrustedContentHeaders());

  for (const basePath of SERVICE_BASE_PATHS) {
    const service = options.services.find((s) => s.basePath === basePath);
    const mounted = new Hono<GatewayEnv>();
    if (service?.cors !== "self") mounted.use("*", noSniff());
    if (basePath === "/auth/v1") {
      // Public keys for getClaims() and other verifiers; open like hosted's.
      mounted.get("/.well-known/jwks.json", (c) => {
        c.header("Cache-Control", "public, max-age=600");
        return c.json(options.keys.jwks());
      });
    }
    mounted.use("*", async (c, next) => {
      const authorized = await authorizeCaller(options.keys, options.requireApiKey, service, {
        path: c.req.path,
        apikey: c.req.header("apikey"),
        apikeyParameter: () => c.req.query("apikey"),
        authorization: c.req.header("authorization"),
      });
      if (authorized.auth !== undefined) c.set("auth", authorized.auth);
      if (!authorized.ok) return toWebResponse(authorized.answer);
      return next();
    });
    if (!service?.ownsBodyLimit)
      mounted.use("*", requestBodyLimit(options.maxBodyBytes ?? DEFAULT_HTTP_LIMITS.maxBodyBytes));
    const off = options.switchedOff?.find((s) => s.basePath === basePath);
    if (service) mounted.route("/", serviceRoutes(service));
    else if (off) mounted.all("*", (c) => c.json(switchedOffBody(basePath, off.setting), 503));
    else mounted.all("*", (c) => c.json(notImplementedBody(basePath), 501));
    app.route(basePath, mounted);
  }

  // Local emulators (the OAuth providers at /emulators/oauth, the SAML IdP at /emulators/saml) are browser pages, not
  // Supabase APIs: no api key.
  const isApiPath = (path: string) => (SERVICE_BASE_PATHS as readonly string[]).includes(path);
  for (const service of options.services.filter((s) => !isApiPath(s.basePath)))
    app.route(service.basePath, serviceRoutes(service));
  if (options.webRoot !== undefined) {
    app.route(
      "/",
      webAppRoutes({
        root: options.webRoot,
        publishableKey: () => options.keys.publishableKey,
        reserved: isReservedPath,
      }),
    );
  }

  app.notFound((c) => c.json(NO_ROUTE_BODY, 404));
  app.onError((error, c) => {
    const requestId = c.get("requestId");
    options.logger.error({ reqId: requestId, err: error, path: c.req.path }, "unhandled error");
    return c.json(unexpectedFailureBody(requestId), 500);
  });
  return app;
}

/** A service's Hono routes: its own app, or its native handler behind the Hono adapter. */
function serviceRoutes(service: StackService): Hono<GatewayEnv> {
  if (service.app) return service.app;
  if (service.handle) return honoRoutes(service.basePath, service.handle);
  throw new TypeError(`service ${service.name} offers neither app nor handle`);
}

/**
 * The gateway's native path for the same options: requests to a service with its own `handle`
 * (REST) are answered from `node:http` with the same steps; `createGatewayServer` tries it first.
 */
export function createNativeGateway(options: GatewayOptions): NativeDispatch {
  // Base paths where this Hono app adds more than the shared steps (storage's sandbox headers beside
  // the web app) stay on Hono. Auth's JWKS route is safe: auth takes only `POST /token` natively.
  const honoOnly = options.webRoot === undefined ? [] : ["/storage/v1"];
  return createNativeDispatch({
    keys: options.keys,
    logger: options.logger,
    services: options.services,
    apiBasePaths: SERVICE_BASE_PATHS.filter((base) => !honoOnly.includes(base)),
    requireApiKey: options.requireApiKey,
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.trustedProxies === undefined ? {} : { trustedProxies: options.trustedProxies }),
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
  });
}
