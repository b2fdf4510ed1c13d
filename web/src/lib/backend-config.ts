import * as z from "zod/mini";

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
const trimmed = z.transform((value: unknown) => {
  if (typeof value !== "string") return value;
  return value.trim() === "" ? undefined : value.trim();
});

const envSchema = z.object({
  VITE_SUPABASE_URL: z.pipe(trimmed, z.url({ protocol: /^https?$/ })),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.pipe(trimmed, z.string()),
});

/**
 * Reads the backend settings Vite bakes into the build (`VITE_SUPABASE_URL`,
 * `VITE_SUPABASE_PUBLISHABLE_KEY`) and says precisely what is missing or malformed, so the app
 * can explain it instead of failing on its first request.
 *
 * @example parseBackendConfig({ VITE_SUPABASE_URL: "http://127.0.0.1:54321", VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_…" })
 */
export function parseBackendConfig(env: Record<string, unknown>): BackendConfigResult {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) {
    return {
      ok: true,
      config: {
        url: parsed.data.VITE_SUPABASE_URL.replace(/\/+$/, ""),
        publishableKey: parsed.data.VITE_SUPABASE_PUBLISHABLE_KEY,
      },
    };
  }
  const problems = parsed.error.issues.map((issue): BackendConfigProblem => ({
    variable: issue.path[0] as ConfigVariable,
    reason: issue.code === "invalid_type" ? "missing" : "invalidUrl",
  }));
  return { ok: false, problems };
}

/** What `/parley-config.js` may set: the publishable key, and the API URL when not the page's origin. */
const runtimeSchema = z.object({ publishableKey: z.string(), url: z.optional(z.string()) });

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
  const parsed = runtimeSchema.safeParse(runtime);
  if (!parsed.success) return parseBackendConfig(env);
  return parseBackendConfig({
    VITE_SUPABASE_URL: parsed.data.url ?? origin,
    VITE_SUPABASE_PUBLISHABLE_KEY: parsed.data.publishableKey,
  });
}

/** This app's backend settings, checked once at startup. */
export const backendConfigResult = resolveBackendConfig(
  import.meta.env,
  (globalThis as { parleyConfig?: unknown }).parleyConfig,
  globalThis.location?.origin ?? "",
);
