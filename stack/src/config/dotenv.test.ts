import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dotenvFileNames, withDotenvFiles } from "./dotenv.ts";

describe("the .env files env(NAME) can read, as the CLI's loadNestedEnv", () => {
  let workdir: string;
  beforeEach(async () => {
    workdir = await mkdtemp(path.join(tmpdir(), "parley-dotenv-"));
    await mkdir(path.join(workdir, "supabase"));
  });
  afterEach(() => rm(workdir, { recursive: true, force: true }));

  const write = (file: string, content: string) => writeFile(path.join(workdir, file), content);

  it.each([
    [undefined, [".env.development.local", ".env.local", ".env.development", ".env"]],
    ["production", [".env.production.local", ".env.local", ".env.production", ".env"]],
    ["test", [".env.test.local", ".env.test", ".env"]],
  ])("SUPABASE_ENV=%s reads %j", (mode, names) => {
    expect(dotenvFileNames(mode)).toEqual(names);
  });

  it("lets the process environment win, then supabase/ files, then the project folder's", async () => {
    await write(".env", "A=root\nB=root\nC=root\n");
    await write("supabase/.env", "B=supabase\nC=supabase\n");
    await write("supabase/.env.local", "C=supabase-local\n");
    const env = await withDotenvFiles(workdir, { A: "process" });
    expect(env).toMatchObject({ A: "process", B: "supabase", C: "supabase-local" });
  });

  it("follows SUPABASE_ENV", async () => {
    await write(".env.production", "MODE=production\n");
    await write(".env.development", "MODE=development\n");
    expect((await withDotenvFiles(workdir, { SUPABASE_ENV: "production" })).MODE).toBe("production");
    expect((await withDotenvFiles(workdir, {})).MODE).toBe("development");
  });

  it("works without any .env file", async () => {
    expect(await withDotenvFiles(workdir, { ONLY: "this" })).toEqual({ ONLY: "this" });
  });
});
