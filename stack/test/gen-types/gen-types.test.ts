import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { LIBRARY_QUERIES } from "./library-queries.ts";
import { typecheckQueries } from "./typecheck-queries.ts";

// One stack (started by the CLI, in the background) of the `typegen` fixture: enums, a composite
// type, tables with foreign keys (one-to-many and a self reference), a view, functions (one
// set-returning) and a second schema, `reporting`.
let project: TempProject;
let env: NodeJS.ProcessEnv;
let workdir: string[];
let types: string;

const genTypes = (...args: string[]) => runCli(["gen", "types", ...args, ...workdir], env);

beforeAll(async () => {
  project = await tempProject("typegen");
  env = await cliEnv(project.dataDir);
  workdir = ["--workdir", project.workdir];
  const started = await runCli(["start", "--detach", "-o", "json", ...workdir], env);
  if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
  const run = await genTypes("typescript", "--local");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  types = run.stdout;
}, 180_000);

afterAll(async () => {
  await runCli(["stop", ...workdir], env);
  await project.remove();
}, 60_000);

/** The text of `key: {` … its matching `}` in the generated source (first whole-word match after `from`). */
function block(source: string, key: string, from = 0): string {
  const found = new RegExp(`(?<![\\w.])${key}: \\{`).exec(source.slice(from));
  const start = found ? from + found.index : -1;
  if (start < 0) throw new Error(`no "${key}" block in the generated types`);
  let depth = 0;
  for (let index = source.indexOf("{", start); index < source.length; index += 1) {
    if (source[index] === "{") depth += 1;
    if (source[index] === "}" && --depth === 0) return source.slice(start, index + 1);
  }
  throw new Error(`unbalanced "${key}" block`);
}

const squash = (text: string) => text.replace(/\s+/g, " ");

describe("parley-stack gen types typescript", () => {
  it("prints a Database type with the CLI's sections and helper types", () => {
    expect(types.startsWith("export type Json =")).toBe(true);
    const publicSchema = block(types, "public", types.indexOf("export type Database"));
    for (const section of ["Tables", "Views", "Functions", "Enums", "CompositeTypes"])
      expect(publicSchema).toContain(`${section}: {`);
    // The CLI's default schemas: public and the config's [api] schemas; not `reporting`.
    expect(types).toContain("graphql_public: {");
    expect(types).not.toContain("reporting: {");
    for (const helper of ["Tables", "TablesInsert", "TablesUpdate", "Enums", "CompositeTypes"])
      expect(types).toContain(`export type ${helper}<`);
    expect(squash(types)).toContain(
      'export const Constants = { graphql_public: { Enums: {}, }, public: { Enums: { book_status: ["draft", "published", "archived"], }, }, } as const',
    );
    // postgres-meta prints with console.log: the formatted source and one more newline.
    expect(types.endsWith("} as const\n\n")).toBe(true);
  });

  it("types a table's Row, Insert and Update from its columns, defaults and identity", () => {
    const books = squash(block(types, "books"));
    expect(books).toContain(
      'Row: { author_id: number details: Json | null id: number pages: number | null status: Database["public"]["Enums"]["book_status"] tags: string[] title: string }',
    );
    expect(books).toContain(
      'Insert: { author_id: number details?: Json | null id?: never pages?: number | null status?: Database["public"]["Enums"]["book_status"] tags?: string[] title: string }',
    );
    expect(books).toContain(
      'Update: { author_id?: number details?: Json | null id?: never pages?: number | null status?: Database["public"]["Enums"]["book_status"] tags?: string[] title?: string }',
    );
  });

  it("lists foreign keys as Relationships, a self reference included", () => {
    expect(squash(block(types, "books"))).toContain(
      'Relationships: [ { foreignKeyName: "books_author_id_fkey" columns: ["author_id"] isOneToOne: false referencedRelation: "authors" referencedColumns: ["id"] }, ]',
    );
    expect(squash(block(types, "authors"))).toContain(
      'Relationships: [ { foreignKeyName: "authors_mentor_id_fkey" columns: ["mentor_id"] isOneToOne: false referencedRelation: "authors" referencedColumns: ["id"] }, ]',
    );
  });

  it("types views, functions (set-returning too), enums and composite types", () => {
    expect(squash(block(types, "published_books"))).toContain(
      "Row: { author_name: string | null id: number | null title: string | null }",
    );
    expect(squash(types)).toContain("count_books: { Args: { author: number }; Returns: number }");
    const setReturning = squash(block(types, "books_by_status"));
    expect(setReturning).toContain('Args: { wanted: Database["public"]["Enums"]["book_status"] }');
    expect(setReturning).toMatch(/Returns: \{ author_id: number .* title: string \}\[\]/);
    const publicSchema = block(types, "public", types.indexOf("export type Database"));
    expect(squash(block(publicSchema, "Enums"))).toContain('book_status: "draft" | "published" | "archived"');
    expect(squash(block(types, "shelf_mark"))).toBe("shelf_mark: { aisle: number | null label: string | null }");
  });

  it(
    "types createClient<Database> queries: right columns compile, wrong columns and types do not",
    { timeout: 60_000 },
    async () => {
      const checked = await typecheckQueries(types, LIBRARY_QUERIES);
      expect(checked.output).toBe("");
      expect(checked.code).toBe(0);
      // The same queries against untyped `any` types: every @ts-expect-error goes unused, so tsc fails.
      const untyped = await typecheckQueries(
        "export type Database = any; export type Tables<T> = any; export type TablesInsert<T> = any; export type TablesUpdate<T> = any;\n" +
          "export type Enums<T> = any; export type CompositeTypes<T> = any; export const Constants: any = {};\n",
        LIBRARY_QUERIES,
      );
      expect(untyped.code).not.toBe(0);
      expect(untyped.output).toContain("Unused '@ts-expect-error' directive");
    },
  );

  it("describes only the schemas named with --schema (repeatable and comma separated)", async () => {
    const reporting = await genTypes("typescript", "--schema", "reporting");
    expect(reporting.code).toBe(0);
    expect(squash(block(reporting.stdout, "daily_loans"))).toContain("Row: { day: string loans: number }");
    expect(reporting.stdout).not.toContain("public: {");
    const both = await genTypes("typescript", "-s", "public,reporting");
    const alsoBoth = await genTypes("typescript", "-s", "public", "-s", "reporting");
    expect(both.stdout).toContain("public: {");
    expect(both.stdout).toContain("reporting: {");
    expect(alsoBoth.stdout).toBe(both.stdout);
  });

  it("reads --db-url the same way it reads the running stack", async () => {
    const status = await runCli(["status", "-o", "json", ...workdir], env);
    const dbUrl = (JSON.parse(status.stdout) as Record<string, string>).DB_URL ?? "";
    const run = await runCli(["gen", "types", "typescript", "--db-url", dbUrl], { ...env, PARLEY_STACK_DATA_DIR: "" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("books: {");
  });

  it.each([
    [["typescript", "--schema", "missing_schema"], 'schema "missing_schema" does not exist in the database'],
    [["go"], 'Parley Stack generates TypeScript types only (got "go")'],
    [["cobol"], 'unknown language "cobol" for "gen types": must be typescript'],
    [["typescript", "--linked"], "Parley Stack has no linked project"],
  ])("refuses gen types %j with a clear message and exit code 1", async (args, message) => {
    const run = await genTypes(...args);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("says the stack is not running (exit code 1, no stack trace)", async () => {
    const idle = await tempProject("typegen");
    try {
      const run = await runCli(
        ["gen", "types", "typescript", "--local", "--workdir", idle.workdir],
        await cliEnv(idle.dataDir),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Parley Stack is not running");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await idle.remove();
    }
  });
});
