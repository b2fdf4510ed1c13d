// Which functions the stack serves and with which settings, as the Supabase CLI decides for
// `functions serve` / `deploy`: internal/functions/deploy/deploy.go (GetFunctionSlugs,
// GetFunctionConfig), pkg/function/bundle.go (ShouldUseDenoJsonDiscovery,
// ShouldUsePackageJsonDiscovery) and serve/templates/main.ts.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { StackConfig } from "../config/index.ts";

/** Slugs the CLI accepts (`utils.FuncSlugPattern`): `_shared` and dot folders are never functions. */
export const FUNCTION_SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** One servable function with its resolved settings; paths are absolute. */
export interface EdgeFunction {
  name: string;
  entrypoint: string;
  /** The entrypoint's folder: the worker's working directory, as edge-runtime's service path. */
  directory: string;
  verifyJwt: boolean;
  /** The import map or deno.json in effect, or "" for none. */
  importMap: string;
  /** A deno.json(c) beside the entrypoint is used as Deno's config; anything else as an import map. */
  importMapMode: "config" | "import-map" | "none";
  /** package.json beside the entrypoint is honoured only without an import map. */
  usePackageJson: boolean;
  /** `static_files` globs (absolute); readable by the function like the rest of its folder. */
  staticFiles: string[];
}

export interface Discovery {
  functions: Map<string, EdgeFunction>;
  /** Names declared with `enabled = false`: not served (404), as the CLI skips them. */
  disabled: string[];
  /**
   * Plain one-line warnings: a deprecated import_map.json per function, one line for every function
   * on the fallback import map, a configured function whose entrypoint is absent.
   */
  warnings: string[];
  /** False when the project has no `supabase/functions` folder (a normal project without functions). */
  hasFunctionsFolder: boolean;
}

/**
 * Lists `supabase/functions/NAME/index.ts` folders whose NAME is a valid slug plus every
 * `[functions.NAME]` of config.toml, with the CLI's defaults (enabled, verify_jwt) and import map
 * precedence: config `import_map` > NAME/deno.json > NAME/deno.jsonc > NAME/import_map.json >
 * functions/import_map.json.
 * @example const { functions } = await discoverFunctions(path.join(workdir, "supabase"), config.functions);
 */
export async function discoverFunctions(supabaseDir: string, configured: StackConfig["functions"]): Promise<Discovery> {
  const functionsDir = path.join(supabaseDir, "functions");
  const slugs = new Set<string>();
  const entries = await readdir(functionsDir, { withFileTypes: true }).catch(() => undefined);
  for (const entry of entries ?? []) {
    if (
      entry.isDirectory() &&
      FUNCTION_SLUG.test(entry.name) &&
      (await isFile(path.join(functionsDir, entry.name, "index.ts")))
    ) {
      slugs.add(entry.name);
    }
  }
  for (const name of Object.keys(configured)) slugs.add(name);

  const globalImportMap = path.join(functionsDir, "import_map.json");
  const hasGlobalImportMap = await isFile(globalImportMap);
  const result: Discovery = { functions: new Map(), disabled: [], warnings: [], hasFunctionsFolder: !!entries };
  const onFallbackMap: string[] = [];
  for (const name of [...slugs].sort()) {
    const settings = configured[name];
    if (settings && !settings.enabled) {
      result.disabled.push(name);
      continue;
    }
    const functionDir = path.join(functionsDir, name);
    const entrypoint = settings?.entrypoint || path.join(functionDir, "index.ts");
    let importMap = settings?.import_map ?? "";
    if (importMap === "") {
      for (const candidate of ["deno.json", "deno.jsonc", "import_map.json"]) {
        if (await isFile(path.join(functionDir, candidate))) {
          importMap = path.join(functionDir, candidate);
          break;
        }
      }
      if (importMap.endsWith("import_map.json")) {
        result.warnings.push(`function ${name} uses the deprecated import_map.json; please migrate to deno.json`);
      } else if (importMap === "" && hasGlobalImportMap) {
        importMap = globalImportMap;
        onFallbackMap.push(name);
      }
    }
    if (settings && !(await isFile(entrypoint))) {
      result.warnings.push(`function ${name} is configured in config.toml but ${entrypoint} does not exist`);
    }
    const directory = path.dirname(entrypoint);
    result.functions.set(name, {
      name,
      entrypoint,
      directory,
      verifyJwt: settings?.verify_jwt ?? true,
      importMap,
      importMapMode: importMapMode(importMap, directory),
      usePackageJson: importMap === "" && (await isFile(path.join(directory, "package.json"))),
      staticFiles: settings?.static_files ?? [],
    });
  }
  if (onFallbackMap.length > 0) {
    // The CLI warns per function; with many functions that is a wall of identical lines, so one.
    result.warnings.push(
      `${onFallbackMap.length === 1 ? "function" : "functions"} ${onFallbackMap.join(", ")} ` +
        `${onFallbackMap.length === 1 ? "uses" : "use"} the fallback import map supabase/functions/import_map.json`,
    );
  }
  return result;
}

function importMapMode(importMap: string, directory: string): EdgeFunction["importMapMode"] {
  if (importMap === "") return "none";
  const isDenoConfig = /^deno\.jsonc?$/.test(path.basename(importMap));
  return isDenoConfig && path.dirname(importMap) === directory ? "config" : "import-map";
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
