import { getPath } from "hono/utils/url";
import type { IncomingMessage } from "node:http";
import type { StackService } from "../context.ts";
import { mergedHeaders } from "./request-headers.ts";

/** A request the native path serves: its service, URL (parsed once) and routed path. */
export interface NativeTarget {
  service: StackService & { handle: NonNullable<StackService["handle"]> };
  url: URL;
  /** The whole path, percent-decoded as Hono routes it (for the log line and open routes). */
  path: string;
  /** The request headers as services see them (`mergedHeaders`), read once. */
  headers: Record<string, string>;
}

/**
 * Picks the native service a request goes to, or undefined to leave it to Hono. Only plain
 * origin-form targets (`/rest/v1/…`) with a Host header are taken; whatever @hono/node-server
 * refuses or rewrites (absolute URLs, a backslash in the path, no Host) keeps its Hono handling.
 * The URL is built as @hono/node-server builds it (`http://host` + target, dot segments resolved),
 * so a target like `/rest/v1/../auth/v1/…` is not taken for REST. The headers are read from
 * `rawHeaders` once, into the record services get (Node's own `request.headers` is never built).
 */
export function nativeTarget(
  request: IncomingMessage,
  services: readonly NativeTarget["service"][],
): NativeTarget | undefined {
  const target = request.url ?? "";
  if (target.charCodeAt(0) !== 0x2f) return undefined;
  const service = services.find((s) => isUnder(target, s.basePath));
  if (service === undefined) return undefined;
  const headers = mergedHeaders(request.rawHeaders);
  if (headers.host === undefined) return undefined;
  const query = target.indexOf("?");
  const backslash = target.indexOf("\\");
  if (backslash !== -1 && (query === -1 || backslash < query)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://localhost${target}`);
  } catch {
    return undefined;
  }
  const path = url.pathname.includes("%") ? getPath({ url: url.href } as Request) : url.pathname;
  if (!isUnder(path, service.basePath)) return undefined;
  const taken = service.handlesNatively?.(request.method ?? "GET", path.slice(service.basePath.length)) ?? true;
  return taken ? { service, url, path, headers } : undefined;
}

/** `/rest/v1`, `/rest/v1/…` or `/rest/v1?…` under base path `/rest/v1`. */
function isUnder(target: string, basePath: string): boolean {
  if (!target.startsWith(basePath)) return false;
  const next = target.charCodeAt(basePath.length);
  return Number.isNaN(next) || next === 0x2f || next === 0x3f;
}
