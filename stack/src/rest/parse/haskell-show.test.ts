import { describe, expect, it } from "vitest";
import { showHaskellChar, showHaskellString } from "./haskell-show.ts";

describe("Haskell show", () => {
  it.each([
    ["a", "'a'", '"a"'],
    ["'", "'\\''", `"'"`],
    ['"', `'"'`, '"\\""'],
    ["\\", "'\\\\'", '"\\\\"'],
    ["\n", "'\\n'", '"\\n"'],
    ["\t", "'\\t'", '"\\t"'],
    ["\u0000", "'\\NUL'", '"\\NUL"'],
    ["\u001b", "'\\ESC'", '"\\ESC"'],
    ["\u007f", "'\\DEL'", '"\\DEL"'],
    ["é", "'\\233'", '"\\233"'],
    ["😀", "'\\128512'", '"\\128512"'],
  ])("%j", (ch, asChar, asString) => {
    expect(showHaskellChar(ch)).toBe(asChar);
    expect(showHaskellString(ch)).toBe(asString);
  });

  it("separates an escape from a following digit or H", () => {
    expect(showHaskellString("é1")).toBe('"\\233\\&1"');
    expect(showHaskellString("\u000eH")).toBe('"\\SO\\&H"');
    expect(showHaskellString("->>")).toBe('"->>"');
  });
});
