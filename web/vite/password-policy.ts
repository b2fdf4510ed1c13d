import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * `minimum_password_length` and `password_requirements` from the `[auth]` table of a Supabase
 * CLI config.toml (top-level keys of that table only; everything else is ignored).
 */
export function readAuthPasswordRules(toml: string): { minLength?: string; requirements?: string } {
  let inAuth = false;
  const found: { minLength?: string; requirements?: string } = {};
  for (const raw of toml.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    const table = /^\[([^\]]+)\]$/.exec(line);
    if (table) {
      inAuth = table[1]?.trim() === "auth";
      continue;
    }
    if (!inAuth) continue;
    const entry = /^(\w+)\s*=\s*(.+)$/.exec(line);
    if (!entry) continue;
    const value = entry[2]?.trim().replace(/^"(.*)"$/, "$1");
    if (entry[1] === "minimum_password_length") found.minLength = value;
    if (entry[1] === "password_requirements") found.requirements = value;
  }
  return found;
}

/**
 * Gives the app the backend's password rules from `supabase/config.toml`, the same file that
 * configures the stack and a hosted project, as `VITE_AUTH_PASSWORD_MIN_LENGTH` and
 * `VITE_AUTH_PASSWORD_REQUIREMENTS`. Variables set in the environment win (a hosted project
 * whose dashboard settings differ).
 */
export function passwordPolicyFromConfig(configPath: string): Plugin {
  return {
    name: "parley:password-policy",
    config() {
      let rules: ReturnType<typeof readAuthPasswordRules> = {};
      try {
        rules = readAuthPasswordRules(readFileSync(configPath, "utf8"));
      } catch {
        // No config file: the app falls back to GoTrue's defaults.
      }
      const minLength = process.env.VITE_AUTH_PASSWORD_MIN_LENGTH ?? rules.minLength ?? "";
      const requirements = process.env.VITE_AUTH_PASSWORD_REQUIREMENTS ?? rules.requirements ?? "";
      return {
        define: {
          "import.meta.env.VITE_AUTH_PASSWORD_MIN_LENGTH": JSON.stringify(minLength),
          "import.meta.env.VITE_AUTH_PASSWORD_REQUIREMENTS": JSON.stringify(requirements),
        },
      };
    },
  };
}
