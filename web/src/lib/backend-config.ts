import { isString, objectOf, optional } from "./value-guards";

/** Where the backend is and how the browser identifies itself to it (never a secret key). */
export type BackendConfig = {
  url: string;
  publishableKey: string;
};

type ConfigVariable = "VITE_SUPABASE_URL" | "VITE_SUPABASE_PUBLISHABLE_KEY";

export type BackendConfigProblem = {
  variable: ConfigVariable;
  reason: "missing" | "invalidUrl";
};

export type BackendConfigResult = { ok: true; config: BackendConfig } | { ok: false; problems: BackendConfigProblem[] };

/** An unset variable and one set to blanks are the same mistake: both are "missing". */
function present(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.trim() === "" ? undefined : value.trim();
}

/** An absolute http(s) URL, as the WHATWG URL parser reads it. */
function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/**
 * Reads the backend settings Vite bakes into the build (`VITE_SUPABASE_URL`,
 * `VITE_SUPABASE_PUBLISHABLE_KEY`) and says precisely what is missing or malformed, so the app
 * can explain it instead of failing on its first request.
 *
 * @example parseBackendConfig({ VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_…" })
 */
export function parseBackendConfig(env: Record<string, unknown>): BackendConfigResult {
  const url = present(env.VITE_SUPABASE_URL);
  const publishableKey = present(env.VITE_SUPABASE_PUBLISHABLE_KEY);
  const problems: BackendConfigProblem[] = [];
  if (url === undefined) problems.push({ variable: "VITE_SUPABASE_URL", reason: "missing" });
  else if (!isHttpUrl(url)) problems.push({ variable: "VITE_SUPABASE_URL", reason: "invalidUrl" });
  if (publishableKey === undefined) problems.push({ variable: "VITE_SUPABASE_PUBLISHABLE_KEY", reason: "missing" });
  if (url === undefined || publishableKey === undefined || problems.length > 0) return { ok: false, problems };
  return { ok: true, config: { url: url.replace(/\/+$/, ""), publishableKey } };
}

/** What `/parley-config.js` may set: the publishable key, and the API URL when not the page's origin. */
const isRuntimeConfig = objectOf({ publishableKey: isString, url: optional(isString) });

/**
 * The backend settings: those a server hands over at run time (`window.parleyConfig`, set by
 * `/parley-config.js`) when present, so one build runs on any server, with the page's own origin
 * as the API; otherwise the build's VITE_* variables.
 *
 * @example resolveBackendConfig({}, { publishableKey: "sb_publishable_…" }, "https://chat.example.com") // url: "https://chat.example.com"
 */
export function resolveBackendConfig(
  env: Record<string, unknown>,
  runtime: unknown,
  origin: string,
): BackendConfigResult {
  if (!isRuntimeConfig(runtime)) return parseBackendConfig(env);
  return parseBackendConfig({
    VITE_SUPABASE_URL: runtime.url ?? origin,
    VITE_SUPABASE_PUBLISHABLE_KEY: runtime.publishableKey,
  });
}

/** This app's backend settings, checked once at startup. */
export const backendConfigResult = resolveBackendConfig(
  import.meta.env,
  (globalThis as { parleyConfig?: unknown }).parleyConfig,
  globalThis.location?.origin ?? "",
);
