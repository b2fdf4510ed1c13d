import { describe, expect, it } from "vitest";
import { readInt64, readInteger } from "./haskell-read.ts";
import { failed, parsed } from "./test-support.ts";
import type { RowRange } from "./types.ts";

const NEGATIVE_LIMIT = {
  code: "PGRST103",
  status: 416,
  message: "Requested range not satisfiable",
  details: "Limit should be greater than or equal to zero.",
  hint: null,
};

const LOWER_GT_UPPER = {
  ...NEGATIVE_LIMIT,
  details: "The lower boundary must be lower than or equal to the upper boundary in the Range header.",
};

describe("root range from limit, offset and Range", () => {
  it.each<[string, [string, string][], Record<string, string>, RowRange]>([
    ["no limit", [], {}, { offset: 0 }],
    ["limit", [["limit", "10"]], {}, { offset: 0, limit: 10 }],
    ["offset", [["offset", "20"]], {}, { offset: 20 }],
    [
      "limit and offset",
      [
        ["offset", "20"],
        ["limit", "10"],
      ],
      {},
      { offset: 20, limit: 10 },
    ],
    ["limit=0", [["limit", "0"]], {}, { offset: 0, limit: 0 }],
    [
      "limit=0&offset=0",
      [
        ["limit", "0"],
        ["offset", "0"],
      ],
      {},
      { offset: 0, limit: 0 },
    ],
    [
      "the last limit",
      [
        ["limit", "1"],
        ["limit", "2"],
      ],
      {},
      { offset: 0, limit: 2 },
    ],
    ["an unreadable limit is ignored", [["limit", "ten"]], {}, { offset: 0 }],
    ["Haskell integer syntax", [["limit", " (0x10) "]], {}, { offset: 0, limit: 16 }],
    ["a negative offset becomes 0", [["offset", "-5"]], {}, { offset: 0 }],
    ["Range header", [], { range: "0-24" }, { offset: 0, limit: 25 }],
    ["open Range header", [], { range: "10-" }, { offset: 10 }],
    ["Range intersected with limit", [["limit", "5"]], { range: "0-24" }, { offset: 0, limit: 5 }],
    ["Range intersected with offset", [["offset", "3"]], { range: "0-9" }, { offset: 3, limit: 7 }],
    ["a malformed Range is ignored", [], { range: "bytes=0-5" }, { offset: 0 }],
    ["Range-Unit is not needed nor read", [], { range: "2-3", "range-unit": "bytes" }, { offset: 2, limit: 2 }],
  ])("%s", (_name, params, headers, expected) => {
    expect(parsed(params, headers).range).toEqual(expected);
  });

  it("honours Range on GET only", () => {
    expect(parsed([], { range: "5-9" }, { method: "HEAD" }).range).toEqual({ offset: 0 });
    expect(parsed([], { Range: "5-9" }, { method: "GET" }).range).toEqual({ offset: 5, limit: 5 });
  });

  it("refuses a negative limit", () => {
    expect(failed([["limit", "-1"]])).toEqual(NEGATIVE_LIMIT);
  });

  it("refuses a Range whose lower bound is above the upper one", () => {
    expect(failed([], { range: "1-0" })).toEqual(LOWER_GT_UPPER);
  });

  it("refuses limit=0 with a non-zero offset, as upstream does", () => {
    expect(
      failed([
        ["limit", "0"],
        ["offset", "5"],
      ]),
    ).toEqual(NEGATIVE_LIMIT);
  });

  it("refuses a Range that does not meet limit/offset", () => {
    expect(failed([["limit", "3"]], { range: "5-10" })).toEqual(NEGATIVE_LIMIT);
  });

  it("refuses limit/offset on PUT but not an offset of 0", () => {
    const putLimit = {
      code: "PGRST114",
      status: 400,
      message: "limit/offset querystring parameters are not allowed for PUT",
      details: null,
      hint: null,
    };
    expect(failed([["limit", "1"]], {}, { method: "PUT" })).toEqual(putLimit);
    expect(failed([["offset", "2"]], {}, { method: "PUT" })).toEqual(putLimit);
    expect(parsed([["offset", "0"]], {}, { method: "PUT" }).range).toEqual({ offset: 0 });
    expect(parsed([], { range: "0-1" }, { method: "PUT" }).range).toEqual({ offset: 0 });
  });
});

describe("embedded ranges", () => {
  it("reads rel.limit and rel.offset per embed path", () => {
    const request = parsed([
      ["actors.limit", "10"],
      ["actors.offset", "2"],
      ["roles.films.offset", "4"],
      ["limit", "1"],
    ]);
    expect(request.range).toEqual({ offset: 0, limit: 1 });
    expect(request.embedRanges).toEqual([
      { path: ["actors"], value: { offset: 2, limit: 10 } },
      { path: ["roles", "films"], value: { offset: 4 } },
    ]);
  });

  it("passes a negative embedded limit on (PostgreSQL rejects it) instead of failing", () => {
    expect(parsed([["actors.limit", "-1"]]).embedRanges).toEqual([
      { path: ["actors"], value: { offset: 0, limit: -1 } },
    ]);
  });

  it("fails on an unreadable embed path, except on writes, which ignore embedded ranges", () => {
    expect(failed([["a..limit", "1"]]).message).toBe('"failed to parse tree path (a..limit)" (line 1, column 3)');
    expect(parsed([["a..limit", "1"]], {}, { method: "PATCH" }).embedRanges).toEqual([]);
    expect(parsed([["a.limit", "1"]], {}, { method: "POST", target: "rpc" }).embedRanges).toEqual([
      { path: ["a"], value: { offset: 0, limit: 1 } },
    ]);
  });
});

describe("Haskell readMaybe for integers", () => {
  it.each<[string, bigint | undefined]>([
    ["42", 42n],
    ["007", 7n],
    ["-3", -3n],
    ["- 3", -3n],
    [" 5\t", 5n],
    ["(5)", 5n],
    ["((-5))", -5n],
    ["0x1F", 31n],
    ["0o17", 15n],
    ["123456789012345678901234567890", 123456789012345678901234567890n],
    ["+5", undefined],
    ["1.0", undefined],
    ["1e3", undefined],
    ["-(5)", undefined],
    ["(5", undefined],
    ["0x", undefined],
    ["", undefined],
    ["٣", undefined],
  ])("%j", (text, expected) => {
    expect(readInteger(text)).toBe(expected);
  });

  it("wraps Int64 like fromInteger", () => {
    expect(readInt64("9223372036854775808")).toBe(-9223372036854775808n);
    expect(readInt64("18446744073709551617")).toBe(1n);
  });
});
