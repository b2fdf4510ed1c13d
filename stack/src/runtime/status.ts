import { databaseUrl } from "../db/index.ts";
import type { KeyRing } from "../gateway/index.ts";

/** `parley-stack status` in the Supabase CLI's names (`supabase status -o json`). */
export type StatusRecord = Record<
  | "API_URL"
  | "REST_URL"
  | "FUNCTIONS_URL"
  | "DB_URL"
  | "INBUCKET_URL"
  | "MAILPIT_URL"
  | "PUBLISHABLE_KEY"
  | "SECRET_KEY"
  | "JWT_SECRET"
  | "ANON_KEY"
  | "SERVICE_ROLE_KEY",
  string
>;

/**
 * The status under the CLI's names. `apiHost` is where clients on this machine reach the gateway
 * (127.0.0.1 unless it listens on one specific other address); a mailbox port of 0 (none served)
 * leaves the mailbox URLs empty. DB_URL carries `dbPassword`: `postgres` on a development data
 * folder as on the CLI's, the folder's own in production (read from its owner-only file).
 */
export function statusRecord(
  ports: { api: number; db: number; inbucket: number },
  keys: KeyRing,
  where: { apiHost?: string; dbPassword: string },
): StatusRecord {
  const apiHost = where.apiHost ?? "127.0.0.1";
  const api = `http://${apiHost}:${ports.api}`;
  const mail = ports.inbucket === 0 ? "" : `http://127.0.0.1:${ports.inbucket}`;
  return {
    API_URL: api,
    REST_URL: `${api}/rest/v1`,
    FUNCTIONS_URL: `${api}/functions/v1`,
    DB_URL: databaseUrl(ports.db, "postgres", where.dbPassword),
    INBUCKET_URL: mail,
    MAILPIT_URL: mail,
    PUBLISHABLE_KEY: keys.publishableKey,
    SECRET_KEY: keys.secretKey,
    JWT_SECRET: keys.jwtSecret,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
  };
}

export type OutputFormat = "pretty" | "json" | "env";

/** Formats the status as the CLI does for `-o pretty|json|env`. */
export function formatStatus(record: StatusRecord, format: OutputFormat): string {
  if (format === "json") return JSON.stringify(record, null, 2);
  if (format === "env")
    return Object.entries(record)
      .map(([k, v]) => `${k}="${v}"`)
      .join("\n");
  const labels: [string, keyof StatusRecord][] = [
    ["API URL", "API_URL"],
    ["REST URL", "REST_URL"],
    ["Functions URL", "FUNCTIONS_URL"],
    ["Database URL", "DB_URL"],
    ["Mailbox URL", "INBUCKET_URL"],
    ["Publishable key", "PUBLISHABLE_KEY"],
    ["Secret key", "SECRET_KEY"],
    ["JWT secret", "JWT_SECRET"],
    ["anon key", "ANON_KEY"],
    ["service_role key", "SERVICE_ROLE_KEY"],
  ];
  const width = Math.max(...labels.map(([label]) => label.length));
  return labels
    .filter(([, key]) => record[key] !== "")
    .map(([label, key]) => `${label.padStart(width)}: ${record[key]}`)
    .join("\n");
}
