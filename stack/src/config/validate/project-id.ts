// project_id, as the CLI's `config.Validate` and `sanitizeProjectId` (pkg/config/config.go):
// empty is an error, anything else is made valid with a warning.
import type { BaseConfig } from "../schema/config.ts";
import type { Findings } from "./findings.ts";

const invalidProjectIdCharacters = /[^a-zA-Z0-9_.-]+/g;

/** matches sanitizeProjectId: allowed characters, alphanumeric start, at most 40 long. */
export function sanitizeProjectId(projectId: string): string {
  return projectId
    .replace(invalidProjectIdCharacters, "_")
    .replace(/^[_.-]+/, "")
    .slice(0, 40);
}

export function checkProjectId(config: BaseConfig, findings: Findings): void {
  if (config.project_id === "") {
    findings.error("project_id", "must not be empty");
    return;
  }
  const sanitized = sanitizeProjectId(config.project_id);
  if (sanitized !== config.project_id) {
    findings.warn(
      "project_id",
      `project_id "${config.project_id}" is invalid; using "${sanitized}", as the Supabase CLI does`,
    );
    config.project_id = sanitized;
  }
}
