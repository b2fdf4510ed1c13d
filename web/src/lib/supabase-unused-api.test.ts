import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { unusedSupabaseApi, withoutMembers } from "../../vite/supabase-unused-api";

// The installed builds, as the bundler reads them: an upgrade that renames or moves a member fails
// here instead of quietly putting its code back on every signed-in page's first screen.
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const builds = {
  StorageClient: path.join(packageDir("@supabase/storage-js"), "dist/index.mjs"),
  GoTrueClient: path.join(packageDir("@supabase/auth-js"), "dist/module/GoTrueClient.js"),
  GoTrueAdminApi: path.join(packageDir("@supabase/auth-js"), "dist/module/GoTrueAdminApi.js"),
  RealtimeChannel: path.join(packageDir("@supabase/realtime-js"), "dist/module/RealtimeChannel.js"),
};

describe.each(unusedSupabaseApi)("$className", (unused) => {
  const file = builds[unused.className as keyof typeof builds];
  const code = readFileSync(file, "utf8");
  const trimmed = withoutMembers(code, unused);

  it("finds every member it is told to leave out, and makes each throw", () => {
    expect(unused.file.test(file)).toBe(true);
    expect([...trimmed.found].sort()).toEqual([...unused.members].sort());
    for (const member of unused.members)
      expect(trimmed.code).toContain(`throw new Error("${unused.className}.${member} is not part of Parley's build");`);
  });

  it("keeps every line where it was, so the source map still points at the right one", () => {
    const before = code.split("\n");
    const after = trimmed.code.split("\n");
    expect(after).toHaveLength(before.length);
    expect(after.at(-2)).toBe(before.at(-2));
  });
});

it("keeps what auth-js's own sign-out uses: the admin client's signOut", () => {
  const admin = unusedSupabaseApi.find(({ className }) => className === "GoTrueAdminApi");
  expect(admin?.members).not.toContain("signOut");
  const code = readFileSync(builds.GoTrueAdminApi, "utf8");
  expect(withoutMembers(code, admin!).code).toMatch(
    /async signOut\(jwt, scope = SIGN_OUT_SCOPES\[0\]\) \{\n\s+if \(SIGN_OUT_SCOPES/,
  );
});
