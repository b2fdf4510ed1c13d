// Recognises, in the stderr of a worker that failed to boot, Deno's report of a remote module it
// could not download (a `jsr:` package, an `https://` URL such as deno.land/x or esm.sh), and says
// in plain words which import needs the network and what to do instead.

/** One import that could not be fetched: what the function wrote (as far as Deno names it) and the host. */
export interface RemoteImportFailure {
  specifier: string;
  host: string;
  /** `file:///…/index.ts:1:24` when Deno gave the importing location. */
  location: string | undefined;
}

/** Deno: `JSR package manifest for '@std/assert' failed to load. Import 'https://jsr.io/…' failed.` */
const JSR_MANIFEST = /JSR package manifest for '(@[^']+)' failed to load/;
/** Deno: `Import 'https://deno.land/std@0.168.0/http/server.ts' failed.` (also for jsr.io files). */
const IMPORT_FAILED = /Import '([^']+)' failed/;
/** Deno: `    at file:///…/index.ts:1:24` under the error. */
const AT_LOCATION = /^\s*at (file:\/\/\S+:\d+:\d+)\s*$/;

function hostOf(address: string): string | undefined {
  try {
    return new URL(address).host;
  } catch {
    return undefined;
  }
}

/**
 * The first remote import Deno could not fetch, from a failed worker's stderr lines.
 * @example findRemoteImportFailure(["error: Import 'https://deno.land/x/a.ts' failed."])
 */
export function findRemoteImportFailure(lines: readonly string[]): RemoteImportFailure | undefined {
  const location = lines.map((line) => AT_LOCATION.exec(line)?.[1]).find((found) => found !== undefined);
  for (const line of lines) {
    const jsr = JSR_MANIFEST.exec(line);
    if (jsr?.[1]) return { specifier: `jsr:${jsr[1]}`, host: "jsr.io", location };
    const failed = IMPORT_FAILED.exec(line)?.[1];
    const host = failed ? hostOf(failed) : undefined;
    if (failed && host) return { specifier: failed, host, location };
  }
  return undefined;
}

/** The log line a user reads after a BOOT_ERROR caused by a remote import. */
export function describeRemoteImportFailure(functionName: string, failure: RemoteImportFailure): string {
  const where = failure.location ? ` (imported at ${failure.location})` : "";
  return (
    `function ${functionName} could not boot: the import ${failure.specifier}${where} needs the network ` +
    `(${failure.host}) and could not be downloaded. Once fetched it is kept in Deno's cache in the stack's ` +
    `data folder and works offline; without the network, vendor the module into the function's folder ` +
    `and import it by a relative path, or use an npm: import installed in the project's node_modules.`
  );
}
