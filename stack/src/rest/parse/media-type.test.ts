import { describe, expect, it } from "vitest";
import { decodeMediaType, parseAccept } from "./media-type.ts";
import { parsed } from "./test-support.ts";
import type { MediaType } from "./types.ts";

const json: MediaType = { kind: "json" };

describe("media types", () => {
  it.each<[string, MediaType]>([
    ["application/json", json],
    ["application/json; charset=utf-8", json],
    ["application/vnd.pgrst.plan;", { kind: "plan", format: "text", for: json, options: [] }],
    ['application/vnd.pgrst.plan;for="application/json"', { kind: "plan", format: "text", for: json, options: [] }],
    [
      'application/vnd.pgrst.plan ; for="text/xml" ; options=analyze',
      { kind: "plan", format: "text", for: { kind: "xml" }, options: ["analyze"] },
    ],
    [
      'application/vnd.pgrst.plan+json;for="text/csv"',
      { kind: "plan", format: "json", for: { kind: "csv" }, options: [] },
    ],
    [
      'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=wal|buffers|analyze;',
      {
        kind: "plan",
        format: "text",
        for: { kind: "object-json", nullsStripped: false },
        options: ["analyze", "buffers", "wal"],
      },
    ],
    ["application/vnd.pgrst.array+json;nulls=stripped", { kind: "array-json-stripped" }],
    ["application/vnd.pgrst.array+json", json],
    ["application/vnd.pgrst.object+json;nulls=stripped", { kind: "object-json", nullsStripped: true }],
    ["application/vnd.pgrst.object+json", { kind: "object-json", nullsStripped: false }],
    ["application/vnd.pgrst.object", { kind: "object-json", nullsStripped: false }],
    ["ApplicatIon/vnd.PgRsT.object+json", { kind: "object-json", nullsStripped: false }],
    ["application/geo+json", { kind: "geojson" }],
    ["text/csv", { kind: "csv" }],
    ["text/plain", { kind: "text" }],
    ["text/xml", { kind: "xml" }],
    ["application/openapi+json", { kind: "openapi" }],
    ["application/x-www-form-urlencoded", { kind: "urlencoded" }],
    ["application/octet-stream", { kind: "octet-stream" }],
    ["*/*", { kind: "any" }],
    ["application/vnd.twkb", { kind: "other", value: "application/vnd.twkb" }],
    ["nonsense", { kind: "other", value: "nonsense" }],
  ])("%s", (text, expected) => {
    expect(decodeMediaType(text)).toEqual(expected);
  });
});

describe("Accept", () => {
  it("means anything when absent and nothing when empty", () => {
    expect(parseAccept(undefined)).toEqual([{ kind: "any" }]);
    expect(parseAccept("")).toEqual([]);
  });

  it("orders by q-value, then specificity, then header order", () => {
    expect(parseAccept("text/csv;q=0.5, application/json")).toEqual([json, { kind: "csv" }]);
    expect(parseAccept("*/*, application/vnd.pgrst.object+json;nulls=stripped, text/csv")).toEqual([
      { kind: "object-json", nullsStripped: true },
      { kind: "csv" },
      { kind: "any" },
    ]);
    expect(parseAccept("text/csv;q=0.9;foo=bar, application/json;q=.5")).toEqual([json, { kind: "csv" }]);
  });

  it("reads the postgrest-js plan request with its trailing semicolon", () => {
    expect(parseAccept('application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose;')).toEqual([
      { kind: "plan", format: "json", for: json, options: ["analyze", "verbose"] },
    ]);
  });

  it("is read with Content-Type from the request headers", () => {
    const request = parsed([], { accept: "application/vnd.pgrst.object+json", "content-type": "text/csv" });
    expect(request.accept).toEqual([{ kind: "object-json", nullsStripped: false }]);
    expect(request.contentType).toEqual({ kind: "csv" });
    expect(parsed([]).contentType).toEqual(json);
  });
});
