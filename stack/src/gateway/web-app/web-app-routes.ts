import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import path from "node:path";
import type { GatewayEnv } from "../context.ts";
import { runtimeConfigScript } from "./runtime-config.ts";
import { securityHeaders } from "./security-headers.ts";

export interface WebAppOptions {
  /** The built app (`web/dist`): index.html, assets/ with content-hashed names. */
  root: string;
  /** The publishable key the app sends (read per request: keys can be reloaded). */
  publishableKey: () => string;
  /** Paths that are never the app's (the APIs, the stack's own endpoints): left to the gateway. */
  reserved: (path: string) => boolean;
}

/** Vite's output folder for content-hashed files: a name never changes content. */
const ASSETS = "/assets/";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Always revalidated: index.html names the current assets, the config may change on restart. */
const REVALIDATE = "no-cache";

const notFound = (c: Context<GatewayEnv>) => c.text("Not Found", 404, { "Cache-Control": REVALIDATE });

/** An app route (`/en/channels/…`) rather than a file: its last segment has no extension. */
const isAppRoute = (requestPath: string) => !requestPath.startsWith(ASSETS) && !/\.[^/]*$/.test(requestPath);

/**
 * Serves the built web app on the gateway's port, under every path the APIs do not use: files with
 * caching by kind (hashed assets immutable for a year, everything else revalidated), the runtime
 * config, index.html for app routes (the router takes it from there), 404 for a missing file.
 * Every response carries the security headers, the Content-Security-Policy included.
 * @example app.route("/", webAppRoutes({ root: "web/dist", publishableKey: () => keys.publishableKey, reserved }));
 */
export function webAppRoutes(options: WebAppOptions): Hono<GatewayEnv> {
  const root = path.resolve(options.root);
  const app = new Hono<GatewayEnv>();
  const index = serveStatic<GatewayEnv>({
    root,
    path: "index.html",
    onFound: (_file, c) => void c.header("Cache-Control", REVALIDATE),
  });
  const files = serveStatic<GatewayEnv>({
    root,
    onFound: (file, c) =>
      void c.header("Cache-Control", file.startsWith(path.join(root, "assets") + path.sep) ? IMMUTABLE : REVALIDATE),
  });

  app.use("*", async (c, next) => {
    if (options.reserved(c.req.path)) return c.notFound();
    return next();
  });
  app.use("*", securityHeaders());
  // GET routes answer HEAD too (Hono), with the body dropped by the server.
  app.get("/parley-config.js", (c) =>
    c.body(runtimeConfigScript(options.publishableKey()), 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": REVALIDATE,
    }),
  );
  // serveStatic answers GET and HEAD only, and calls next() when there is no such file.
  app.use("*", (c, next) => (c.req.path === "/" || c.req.path === "/index.html" ? index(c, next) : files(c, next)));
  app.use("*", (c, next) => (isAppRoute(c.req.path) ? index(c, next) : next()));
  app.all("*", (c) => notFound(c));
  return app;
}
