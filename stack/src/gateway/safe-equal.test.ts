import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { safeEqual, safeEqualAny, safeEqualToChecked } from "./safe-equal.ts";

const stackSrc = fileURLToPath(new URL("../", import.meta.url));

/** The stack's source files (tests excluded), relative to stack/src. */
function sourceFiles(): { file: string; text: string }[] {
  return readdirSync(stackSrc, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => ({ file: file.split(path.sep).join("/"), text: readFileSync(path.join(stackSrc, file), "utf8") }));
}

describe("safeEqual", () => {
  it.each([
    ["sb_secret_abc", "sb_secret_abc", true],
    ["sb_secret_abc", "sb_secret_abd", false],
    ["sb_secret_abc", "sb_secret_ab", false],
    ["", "", true],
    ["ünï", "ünï", true],
    ["ünï", "uni", false],
  ])("%j vs %j → %s", (a, b, equal) => {
    expect(safeEqual(a, b)).toBe(equal);
  });

  it("is the stack's only constant-time compare, and no secret is compared with === or !==", () => {
    const files = sourceFiles();
    expect(files.filter(({ text }) => text.includes("timingSafeEqual")).map(({ file }) => file)).toEqual([
      "gateway/safe-equal.ts",
    ]);
    const plainCompare =
      /[!=]==\s*[\w.]*(secretKey|serviceRoleKey|jwtSecret)\b|\b(secretKey|serviceRoleKey|jwtSecret)\s*[!=]==/;
    expect(files.filter(({ text }) => plainCompare.test(text)).map(({ file }) => file)).toEqual([]);
  });
});

describe("safeEqualAny", () => {
  it.each([
    ["sb_secret_abc", 0],
    ["sb_publishable_xyz", 1],
    ["sb_secret_ab", -1],
    ["", -1],
  ])("%j → %s", (candidate, index) => {
    expect(safeEqualAny(candidate, ["sb_secret_abc", "sb_publishable_xyz"])).toBe(index);
  });
});

describe("safeEqualToChecked", () => {
  it.each([
    ["sb_secret_abc", true],
    ["sb_secret_abd", false],
    ["sb_secret_ab", false],
    ["sb_secret_abcd", false],
    ["", false],
  ])("%j against the bytes of sb_secret_abc → %s", (candidate, equal) => {
    expect(safeEqualToChecked(candidate, Buffer.from("sb_secret_abc"))).toBe(equal);
  });
});
