import { quoteQualified } from "../../db/index.ts";
import type { AuthSettings } from "../config/settings.ts";
import { AuthError, ErrorCode } from "../errors.ts";
import type { Sql } from "../users/user-queries.ts";

/** Claims every access token must keep after the hook (auth: tokens/service.go MinimumViableTokenSchema). */
const REQUIRED_CLAIMS = ["aud", "exp", "iat", "sub", "email", "phone", "role", "aal", "session_id", "is_anonymous"];

/** `pg-functions://postgres/<schema>/<function>` → the quoted function name, or undefined. */
export function pgFunctionName(uri: string): string | undefined {
  const match = /^pg-functions:\/\/[^/]+\/([A-Za-z_][\w$]*)\/([A-Za-z_][\w$]*)$/.exec(uri);
  return match?.[1] && match[2] ? quoteQualified(match[1], match[2]) : undefined;
}

/**
 * Runs the `[auth.hook.custom_access_token]` Postgres function as GoTrue does
 * (auth: hooks/hookspgfunc): as supabase_auth_admin, 2 s statement timeout, input
 * `{user_id, claims, authentication_method}`, output `{claims}` or `{error: {http_code, message}}`.
 * Returns the claims unchanged when the hook is off.
 */
export async function applyCustomAccessTokenHook(
  settings: AuthSettings,
  sql: Sql,
  claims: Record<string, unknown>,
  authenticationMethod: string,
): Promise<Record<string, unknown>> {
  const hook = settings.hook.custom_access_token;
  if (!hook?.enabled) return claims;
  const fn = pgFunctionName(hook.uri);
  if (!fn)
    throw new AuthError(
      500,
      ErrorCode.unexpected_failure,
      "Only pg-functions:// custom access token hooks are supported locally",
    );
  await sql.query("savepoint access_token_hook");
  let output: Record<string, unknown>;
  try {
    await sql.query("set local role supabase_auth_admin");
    await sql.query("set local statement_timeout = '2s'");
    const input = { user_id: claims.sub, claims, authentication_method: authenticationMethod };
    const { rows } = await sql.query<{ output: Record<string, unknown> | null }>(`select ${fn}($1::jsonb) as output`, [
      JSON.stringify(input),
    ]);
    output = rows[0]?.output ?? {};
    await sql.query("release savepoint access_token_hook");
  } catch (error) {
    await sql.query("rollback to savepoint access_token_hook");
    if ((error as { code?: string }).code === "57014")
      throw new AuthError(422, ErrorCode.hook_timeout, "Failed to reach hook within maximum time of 2.000000 seconds");
    throw new AuthError(500, ErrorCode.unexpected_failure, `Error running hook URI: ${hook.uri}`, undefined, error);
  } finally {
    await sql.query("reset role").catch(() => undefined);
    await sql.query("set local statement_timeout to default").catch(() => undefined);
  }
  const hookError = output.error as { http_code?: number; message?: string } | undefined;
  if (hookError)
    throw new AuthError(
      hookError.http_code ?? 500,
      ErrorCode.unexpected_failure,
      hookError.message ?? "Error running hook",
    );
  const out = output.claims;
  if (typeof out !== "object" || out === null)
    throw new AuthError(500, ErrorCode.unexpected_failure, "output claims field is missing");
  const missing = REQUIRED_CLAIMS.filter((name) => !(name in out));
  if (missing.length > 0) {
    throw new AuthError(
      500,
      ErrorCode.unexpected_failure,
      `output claims do not conform to the expected schema: missing ${missing.join(", ")}`,
    );
  }
  return out as Record<string, unknown>;
}
