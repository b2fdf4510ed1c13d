// [api], [db], [analytics] and [experimental]: the checks of the CLI's `config.Validate`
// (pkg/config/config.go) for those tables.
import type { BaseConfig } from "../schema/config.ts";
import type { Findings } from "./findings.ts";

export async function checkApi(config: BaseConfig, findings: Findings): Promise<void> {
  const { tls } = config.api;
  if (!config.api.enabled || !tls.enabled) return;
  if (tls.cert_path !== "" && findings.required("api.tls.key_path", tls.key_path, "api.tls.cert_path is set")) {
    await findings.readable("api.tls.key_path", tls.key_path);
  }
  if (tls.key_path !== "" && findings.required("api.tls.cert_path", tls.cert_path, "api.tls.key_path is set")) {
    await findings.readable("api.tls.cert_path", tls.cert_path);
  }
}

export function checkDb(config: BaseConfig, findings: Findings): void {
  const version = config.db.major_version;
  if (version === 12) {
    findings.error(
      "db.major_version",
      "is 12, which is unsupported; start a new project or follow https://supabase.com/docs/guides/database#migrating-between-projects",
    );
  } else if (![13, 14, 15, 17].includes(version)) {
    findings.error("db.major_version", `must be one of 13, 14, 15, 17 (got ${version})`);
  }
  const { experimental } = config;
  if (experimental.orioledb_version !== "" && (version === 15 || version === 17)) {
    findings.unsetEnv("experimental.s3_host", experimental.s3_host);
    findings.unsetEnv("experimental.s3_region", experimental.s3_region);
    findings.unsetEnv("experimental.s3_access_key", experimental.s3_access_key);
    findings.unsetEnv("experimental.s3_secret_key", experimental.s3_secret_key);
  }
}

export function checkExperimental(config: BaseConfig, findings: Findings): void {
  const { webhooks, pgdelta } = config.experimental;
  if (webhooks !== undefined && !webhooks.enabled) {
    findings.error("experimental.webhooks.enabled", "cannot be false: webhooks can only be enabled or left unset");
  }
  if (pgdelta !== undefined && pgdelta.format_options !== "" && !isJson(pgdelta.format_options)) {
    findings.error("experimental.pgdelta.format_options", "must be valid JSON");
  }
}

export function checkAnalytics(config: BaseConfig, findings: Findings): void {
  const { analytics } = config;
  if (!analytics.enabled || analytics.backend !== "bigquery") return;
  const when = 'analytics.backend is "bigquery"';
  findings.required("analytics.gcp_project_id", analytics.gcp_project_id, when);
  findings.required("analytics.gcp_project_number", analytics.gcp_project_number, when);
  findings.required("analytics.gcp_jwt_path", analytics.gcp_jwt_path, when);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
