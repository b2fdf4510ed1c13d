import { describe, expect, it } from "vitest";
import { canonicalQueryString, parseQueryString, type QueryPair } from "./query-string.ts";
import { parsed } from "./test-support.ts";

describe("parseQueryString", () => {
  it.each<[string, QueryPair[]]>([
    ["", []],
    ["?", []],
    [
      "?select=id&id=eq.1",
      [
        ["select", "id"],
        ["id", "eq.1"],
      ],
    ],
    [
      "a=1;b=2",
      [
        ["a", "1"],
        ["b", "2"],
      ],
    ],
    [
      "flag&x=",
      [
        ["flag", null],
        ["x", ""],
      ],
    ],
    [
      "a=1&&b=2&",
      [
        ["a", "1"],
        ["", null],
        ["b", "2"],
      ],
    ],
    ["q=a+b%20c%2Bd", [["q", "a b c+d"]]],
    ["k=v=w", [["k", "v=w"]]],
    ["bad=%zz%4", [["bad", "%zz%4"]]],
    ["name=%C3%A9t%C3%A9", [["name", "été"]]],
    ["%73elect=id", [["select", "id"]]],
  ])("%j", (raw, expected) => {
    expect(parseQueryString(raw)).toEqual(expected);
  });

  it("feeds parseQuery: a bare key is ignored, a key with an empty value is a filter", () => {
    expect(parsed(parseQueryString("flag&id=eq.1")).filters).toHaveLength(1);
  });
});

describe("canonicalQueryString", () => {
  it.each<[QueryPair[], string]>([
    [
      [
        ["b", "2"],
        ["a", "x y"],
        ["b", "1"],
      ],
      "a=x%20y&b=2,1",
    ],
    [
      [
        ["select", "id,name"],
        ["id", "eq.1"],
      ],
      "id=eq.1&select=id%2Cname",
    ],
    [[["flag", null]], "flag="],
    [[["a-_.~", "*"]], "a-_.~=%2A"],
    // Upstream encodes each UTF-8 byte as a Latin-1 character, again in UTF-8.
    [[["n", "é"]], "n=%C3%83%C2%A9"],
    [
      [
        ["é", "1"],
        ["z", "1"],
      ],
      "z=1&%C3%83%C2%A9=1",
    ],
  ])("%j", (pairs, expected) => {
    expect(canonicalQueryString(pairs)).toBe(expected);
  });

  it("leaves the apikey parameter out", () => {
    expect(
      parsed([
        ["apikey", "secret"],
        ["id", "eq.1"],
      ]).canonicalQuery,
    ).toBe("id=eq.1");
  });
});
