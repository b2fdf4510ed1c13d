// How a worker's stderr reaches the stack's log. Deno writes its own progress there while it fetches
// modules and npm packages (`Download https://registry.npmjs.org/…`, `Initialize …`): the Supabase
// CLI shows those as ordinary output, so they are info here, and only the rest is logged as error.

const DENO_PROGRESS = /^(Download|Initialize) /;

/** One stderr write's lines, split into Deno's progress lines and the rest (kept together, in order). */
export interface StderrEntry {
  progress: string[];
  errors: string[];
}

/**
 * @example splitDenoProgress(["Download https://registry.npmjs.org/ms", "boom"])
 *   // { progress: ["Download https://registry.npmjs.org/ms"], errors: ["boom"] }
 */
export function splitDenoProgress(lines: readonly string[]): StderrEntry {
  const progress = lines.filter((line) => DENO_PROGRESS.test(line));
  const rest = lines.filter((line) => !DENO_PROGRESS.test(line));
  return { progress, errors: rest.every((line) => line.trim() === "") ? [] : rest };
}
