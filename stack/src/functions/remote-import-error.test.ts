import { describe, expect, it } from "vitest";
import { describeRemoteImportFailure, findRemoteImportFailure } from "./remote-import-error.ts";

describe("findRemoteImportFailure", () => {
  it("names a jsr: package whose manifest could not be fetched, with the importing location", () => {
    const lines = [
      "Download https://jsr.io/@std/assert/meta.json",
      "error: JSR package manifest for '@std/assert' failed to load. Import 'https://jsr.io/@std/assert/meta.json' failed.",
      "    at file:///project/supabase/functions/hello/index.ts:1:24",
    ];
    expect(findRemoteImportFailure(lines)).toEqual({
      specifier: "jsr:@std/assert",
      host: "jsr.io",
      location: "file:///project/supabase/functions/hello/index.ts:1:24",
    });
  });

  it("names an https import with its host", () => {
    const lines = ["error: Import 'https://deno.land/std@0.168.0/http/server.ts' failed.", "    0: dns error"];
    expect(findRemoteImportFailure(lines)).toEqual({
      specifier: "https://deno.land/std@0.168.0/http/server.ts",
      host: "deno.land",
      location: undefined,
    });
  });

  it("finds nothing in an ordinary boot failure", () => {
    expect(findRemoteImportFailure(["error: Uncaught (in promise) Error: this function fails while it boots"])).toBe(
      undefined,
    );
  });

  it("says the import needs the network and how to do without it", () => {
    const text = describeRemoteImportFailure("hello", {
      specifier: "jsr:@std/assert",
      host: "jsr.io",
      location: undefined,
    });
    expect(text).toContain("jsr:@std/assert");
    expect(text).toContain("needs the network (jsr.io)");
    expect(text).toContain("npm:");
  });
});
