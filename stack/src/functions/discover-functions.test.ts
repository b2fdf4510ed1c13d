import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverFunctions } from "./discover-functions.ts";

let supabaseDir: string;
beforeEach(async () => {
  supabaseDir = await mkdtemp(path.join(tmpdir(), "parley-discover-"));
});
afterEach(() => rm(supabaseDir, { recursive: true, force: true }));

async function file(relative: string, content = "") {
  const full = path.join(supabaseDir, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, content);
}

const settings = (
  overrides: Partial<{
    enabled: boolean;
    verify_jwt: boolean;
    import_map: string;
    entrypoint: string;
    static_files: string[];
  }> = {},
) => ({
  enabled: true,
  verify_jwt: true,
  import_map: "",
  entrypoint: "",
  static_files: [],
  ...overrides,
});

describe("discoverFunctions (the CLI's GetFunctionSlugs and GetFunctionConfig)", () => {
  it("finds NAME/index.ts folders with a valid slug, never _shared or dot folders", async () => {
    for (const name of ["hello", "with-dash_1", "_shared", ".hidden", "1digit"])
      await file(`functions/${name}/index.ts`);
    await file("functions/no-index/main.ts");
    const { functions } = await discoverFunctions(supabaseDir, {});
    expect([...functions.keys()]).toEqual(["hello", "with-dash_1"]);
    expect(functions.get("hello")).toMatchObject({ verifyJwt: true, importMapMode: "none", usePackageJson: false });
  });

  it("adds functions declared only in config.toml and skips disabled ones", async () => {
    await file("functions/off/index.ts");
    const entrypoint = path.join(supabaseDir, "elsewhere", "main.ts");
    const { functions, disabled } = await discoverFunctions(supabaseDir, {
      custom: settings({ entrypoint, verify_jwt: false }),
      off: settings({ enabled: false }),
    });
    expect([...functions.keys()]).toEqual(["custom"]);
    expect(functions.get("custom")).toMatchObject({
      entrypoint,
      directory: path.dirname(entrypoint),
      verifyJwt: false,
    });
    expect(disabled).toEqual(["off"]);
  });

  it.each([
    [["deno.json", "deno.jsonc", "import_map.json"], "hello/deno.json", "config"],
    [["deno.jsonc", "import_map.json"], "hello/deno.jsonc", "config"],
    [["import_map.json"], "hello/import_map.json", "import-map"],
    [[], "import_map.json", "import-map"],
  ])("picks the import map by the CLI's precedence from %j", async (present, expected, mode) => {
    await file("functions/hello/index.ts");
    await file("functions/import_map.json", "{}");
    for (const name of present) await file(`functions/hello/${name}`, "{}");
    const { functions, warnings } = await discoverFunctions(supabaseDir, {});
    expect(functions.get("hello")).toMatchObject({
      importMap: path.join(supabaseDir, "functions", expected),
      importMapMode: mode,
    });
    expect(warnings.length).toBe(expected.endsWith("import_map.json") ? 1 : 0);
  });

  it("warns once, in one line, for every function on the fallback import map", async () => {
    await file("functions/import_map.json", "{}");
    for (const name of ["a", "b", "c"]) await file(`functions/${name}/index.ts`);
    const { warnings } = await discoverFunctions(supabaseDir, {});
    expect(warnings).toEqual(["functions a, b, c use the fallback import map supabase/functions/import_map.json"]);
  });

  it("says in one line when a configured function's entrypoint is absent, and when there is no functions folder", async () => {
    const { functions, warnings, hasFunctionsFolder } = await discoverFunctions(supabaseDir, { ghost: settings({}) });
    expect(hasFunctionsFolder).toBe(false);
    expect(functions.has("ghost")).toBe(true);
    expect(warnings).toEqual([
      `function ghost is configured in config.toml but ${path.join(supabaseDir, "functions", "ghost", "index.ts")} does not exist`,
    ]);
  });

  it("uses a config import_map elsewhere as an explicit import map, and package.json only without one", async () => {
    await file("functions/a/index.ts");
    await file("functions/a/package.json", "{}");
    await file("functions/b/index.ts");
    await file("functions/b/package.json", "{}");
    const shared = path.join(supabaseDir, "functions", "deno.json");
    const { functions } = await discoverFunctions(supabaseDir, { b: settings({ import_map: shared }) });
    expect(functions.get("a")).toMatchObject({ usePackageJson: true, importMapMode: "none" });
    expect(functions.get("b")).toMatchObject({ usePackageJson: false, importMap: shared, importMapMode: "import-map" });
  });
});
