// [edge_runtime] and [functions.<name>]: the CLI's ValidateFunctionSlug and deno_version check
// (pkg/config/config.go).
import type { BaseConfig } from "../schema/config.ts";
import { formatKeyPath } from "../tables.ts";
import type { Findings } from "./findings.ts";

const functionSlug = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function checkFunctions(config: BaseConfig, findings: Findings): void {
  for (const name of Object.keys(config.functions)) {
    if (!functionSlug.test(name)) {
      findings.error(
        formatKeyPath(["functions", name]),
        "is not a valid function name: start with a letter and use only letters, digits, underscores and hyphens",
      );
    }
  }
  const version = config.edge_runtime.deno_version;
  if (version !== 1 && version !== 2) {
    findings.error("edge_runtime.deno_version", `must be 1 or 2 (got ${version})`);
  }
}
