import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { denoExecutable } from "../../src/functions/deno-binary.ts";

const REPOSITORY = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The outbound guard's own tests (`supabase/functions/_shared/outbound/*.test.ts`) are Deno tests —
 * the guard uses `Deno.resolveDns` and `npm:` imports, as the functions do — so they run under the
 * stack's pinned Deno, with the functions' permissions and the repository's node_modules.
 */
describe("the outbound request guard (Deno unit tests)", () => {
  it("passes every test in supabase/functions/_shared/outbound", async () => {
    const args = [
      "test",
      "--no-lock",
      "--no-config",
      "--node-modules-dir=manual",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "supabase/functions/_shared/outbound/",
    ];
    const env = { ...process.env, NO_COLOR: "1" };
    const run = await promisify(execFile)(denoExecutable(), args, { cwd: REPOSITORY, env }).catch(
      (failure: { stdout?: string; stderr?: string }) => failure,
    );
    expect(`${run.stdout ?? ""}${run.stderr ?? ""}`).toMatch(/^ok \| \d+ passed \| 0 failed/m);
  }, 120_000);
});
