import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { IncomingMessage } from "node:http";

/**
 * The Node request and response behind a Hono context (the gateway runs on @hono/node-server):
 * oidc-provider is a Koa application and works on them directly.
 */
export function nodeBindings(c: Context): HttpBindings {
  const env = c.env as Partial<HttpBindings> | undefined;
  if (!env?.incoming || !env.outgoing) throw new Error("oauth emulator: the gateway must run on @hono/node-server");
  return env as HttpBindings;
}

/** A Node request as Express mounts it: `url` relative to the mount path, `originalUrl` the full one. */
export type MountedRequest = IncomingMessage & { originalUrl?: string };

/** Rewrites the request URL relative to `mountPath`, keeping the original, as Express's mounting does. */
export function mountRequest(incoming: MountedRequest, mountPath: string): void {
  const original = incoming.originalUrl ?? incoming.url ?? "/";
  incoming.originalUrl = original;
  incoming.url = original.startsWith(mountPath) ? original.slice(mountPath.length) || "/" : original;
}

/** Hands oidc-provider `relative` (path and query under `mountPath`) in place of the request's own URL. */
export function rewriteRequest(incoming: MountedRequest, mountPath: string, relative: string): void {
  incoming.url = relative;
  incoming.originalUrl = `${mountPath}${relative}`;
}
