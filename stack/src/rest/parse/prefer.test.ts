import { describe, expect, it } from "vitest";
import { parsePreferences, preferenceAppliedHeader, strictPreferencesError } from "./prefer.ts";
import { parsed } from "./test-support.ts";
import type { Preferences } from "./types.ts";

const timezones = new Set(["America/Los_Angeles", "UTC"]);

describe("Prefer", () => {
  it.each<[string, string[], Preferences]>([
    [
      "reads several preferences from one header",
      ["resolution=ignore-duplicates, count=exact, timezone=America/Los_Angeles, max-affected=100"],
      {
        resolution: "ignore-duplicates",
        count: "exact",
        timezone: "America/Los_Angeles",
        maxAffected: 100,
        invalid: [],
      },
    ],
    [
      "reads preferences spread over several headers",
      [
        "resolution=ignore-duplicates",
        "count=exact",
        "missing=null",
        "handling=lenient",
        "invalid",
        "max-affected=5999",
      ],
      {
        resolution: "ignore-duplicates",
        count: "exact",
        missing: "null",
        handling: "lenient",
        maxAffected: 5999,
        invalid: ["invalid"],
      },
    ],
    [
      "tolerates any amount of white space",
      ["count=exact,    tx=commit   ,return=representation , missing=default, handling=strict, anything"],
      { count: "exact", return: "representation", missing: "default", handling: "strict", invalid: ["anything"] },
    ],
    [
      "keeps the first value of a family",
      ["return=minimal", "return=representation"],
      { return: "minimal", invalid: [] },
    ],
    [
      "reads headers-only and planned/estimated",
      ["return=headers-only, count=planned"],
      { return: "headers-only", count: "planned", invalid: [] },
    ],
    ["is case-sensitive", ["Return=minimal"], { invalid: ["Return=minimal"] }],
    ["counts an empty token as invalid", ["count=exact,"], { count: "exact", invalid: [""] }],
    ["ignores an empty header", [""], { invalid: [] }],
    [
      "treats an unknown time zone as invalid",
      ["handling=strict, timezone=Invalid/Timezone"],
      { handling: "strict", invalid: ["timezone=Invalid/Timezone"] },
    ],
    ["never lists max-affected as invalid, even unreadable", ["max-affected=lots"], { invalid: [] }],
    ["takes the first max-affected only", ["max-affected=x, max-affected=5"], { invalid: [] }],
  ])("%s", (_name, headers, expected) => {
    expect(parsePreferences(headers, { timezones })).toEqual(expected);
  });

  it("honours tx only when the deployment allows overriding it", () => {
    expect(parsePreferences(["tx=rollback"])).toEqual({ invalid: [] });
    expect(parsePreferences(["tx=commit, tx=rollback"], { txAllowOverride: true })).toEqual({
      tx: "commit",
      invalid: [],
    });
  });

  it("accepts any time zone when no list is given", () => {
    expect(parsePreferences(["timezone=Europe/Paris"])).toEqual({ timezone: "Europe/Paris", invalid: [] });
  });

  it("is read from the request headers, whatever their shape", () => {
    const expected = { return: "representation", count: "exact", invalid: [] };
    expect(parsed([], { Prefer: "return=representation, count=exact" }).preferences).toEqual(expected);
    expect(parsed([], { prefer: ["return=representation", "count=exact"] }).preferences).toEqual(expected);
    expect(
      parsed(
        [],
        new Headers([
          ["prefer", "return=representation"],
          ["prefer", "count=exact"],
        ]),
      ).preferences,
    ).toEqual(expected);
  });
});

describe("handling=strict", () => {
  it("answers PGRST122 listing the invalid preferences", () => {
    expect(strictPreferencesError(parsePreferences(["handling=strict", "something, else"]))).toEqual({
      code: "PGRST122",
      status: 400,
      message: "Invalid preferences given with handling=strict",
      details: "Invalid preferences: something, else",
      hint: null,
    });
  });

  it("says nothing when lenient or when every preference is understood", () => {
    expect(strictPreferencesError(parsePreferences(["anything"]))).toBeUndefined();
    expect(strictPreferencesError(parsePreferences(["handling=strict, count=exact"]))).toBeUndefined();
  });
});

describe("Preference-Applied", () => {
  it("lists applied preferences in PostgREST's order", () => {
    const prefs = parsePreferences(
      [
        "max-affected=5, count=exact, timezone=UTC, handling=strict, return=representation, missing=default, resolution=merge-duplicates",
      ],
      { timezones },
    );
    expect(preferenceAppliedHeader(prefs)).toBe(
      "resolution=merge-duplicates, missing=default, return=representation, count=exact, handling=strict, timezone=UTC, max-affected=5",
    );
  });

  it("leaves max-affected out unless handling is strict, and is absent when nothing applies", () => {
    expect(preferenceAppliedHeader(parsePreferences(["max-affected=5, count=exact"]))).toBe("count=exact");
    expect(preferenceAppliedHeader(parsePreferences(["bogus"]))).toBeUndefined();
  });
});
