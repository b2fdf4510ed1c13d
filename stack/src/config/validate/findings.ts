// What the semantic checks found: errors (the config cannot be used) and warnings (it loads,
// but something is probably not what the author meant).
import { access } from "node:fs/promises";
import { envReferenceName } from "../env-substitution.ts";

export interface Finding {
  /** Key path the finding is about, e.g. `auth.email.smtp.host`. */
  key?: string;
  /** A sentence to print after the file name. */
  text: string;
}

export class Findings {
  readonly errors: Finding[] = [];
  readonly warnings: Finding[] = [];

  /** `key` is wrong: `text` says why, e.g. "is required when auth.captcha is enabled". */
  error(key: string, text: string): void {
    this.errors.push({ key, text: `${key} ${text}` });
  }

  warn(key: string | undefined, text: string): void {
    this.warnings.push(key === undefined ? { text } : { key, text });
  }

  /**
   * matches assertEnvLoaded in the CLI's pkg/config/config.go: a used value still reading
   * `env(NAME)` means NAME was not set; the CLI warns and carries on with the literal.
   */
  unsetEnv(key: string, value: string): void {
    const name = envReferenceName(value);
    if (name === undefined) return;
    this.warn(
      key,
      `${key} is "${value}" but environment variable ${name} is not set; the literal text is used, as the Supabase CLI does`,
    );
  }

  /** `key` must be non-empty (the CLI's "Missing required field in config"). */
  required(key: string, value: string | number | undefined | readonly string[], when: string): boolean {
    const missing = value === undefined || value === "" || value === 0 || (Array.isArray(value) && value.length === 0);
    if (missing) this.error(key, `is required when ${when}`);
    return !missing;
  }

  /** `key` must name a readable file. */
  async readable(key: string, file: string): Promise<void> {
    try {
      await access(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      this.error(key, `names a file that cannot be read: ${file} (${code})`);
    }
  }
}
