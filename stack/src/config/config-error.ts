/**
 * Thrown by `loadConfig` when `supabase/config.toml` is missing, is not valid TOML, or holds a
 * value the stack cannot use. The message names the file and, for a bad value, the key path
 * (`supabase/config.toml: api.port must be an integer between 1 and 65535 (got "abc")`);
 * when several values are wrong, `problems` lists every one and the message joins them.
 *
 * @example
 * try {
 *   await loadConfig({ workdir });
 * } catch (error) {
 *   if (error instanceof ConfigError) console.error(error.message); // one line per problem
 *   else throw error;
 * }
 */
export class ConfigError extends Error {
  /** Absolute path of the file at fault (usually `<workdir>/supabase/config.toml`). */
  readonly file: string;
  /** Key path of the first bad value, e.g. `api.port`; absent for file-level problems. */
  readonly key?: string;
  /** Every problem found, each a full sentence naming the file (and key). */
  readonly problems: readonly string[];

  constructor(file: string, problems: string | readonly string[], options: { key?: string; cause?: unknown } = {}) {
    const list = typeof problems === "string" ? [problems] : problems;
    super(list.join("\n"), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ConfigError";
    this.file = file;
    if (options.key !== undefined) this.key = options.key;
    this.problems = list;
  }
}
