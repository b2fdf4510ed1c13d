// Reads supabase/config.toml and parses it as TOML, turning I/O and syntax failures into
// ConfigErrors a person can act on.
import { readFile } from "node:fs/promises";
import { parse, TomlError } from "smol-toml";
import { ConfigError } from "./config-error.ts";
import type { Table } from "./tables.ts";

/**
 * The parsed TOML document at `file`; `label` is how messages name the file
 * (e.g. "supabase/config.toml").
 */
export async function readTomlFile(file: string, label: string): Promise<Table> {
  let source: string;
  try {
    source = await readFile(file, "utf8");
  } catch (error) {
    throw readFailure(file, label, error);
  }
  try {
    return parse(source) as Table;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const reason = error.message.replace(/^Invalid TOML document: /, "").split("\n")[0] ?? "";
    const message = `${label}: TOML syntax error at line ${error.line}, column ${error.column}: ${reason}\n${error.codeblock}`;
    throw new ConfigError(file, message, { cause: error });
  }
}

function readFailure(file: string, label: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") {
    return new ConfigError(
      file,
      `${label} not found. Parley Stack reads the Supabase CLI's config file; ` +
        "create one with `npx supabase init` in the project folder (or copy an existing supabase/ folder).",
      { cause: error },
    );
  }
  return new ConfigError(file, `${label}: cannot be read (${code ?? String(error)})`, { cause: error });
}
