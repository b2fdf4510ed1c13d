import { describe, expect, it } from "vitest";
import {
  isValidKey,
  maxUploadSize,
  mustBeAllowedMimeType,
  mustBeValidBucketName,
  parseFileSizeLimit,
} from "./limits.ts";

describe("storage limits", () => {
  it.each([
    ["folder/file.png", true],
    ["a b/(1)!*'&$=@;:+,?-_.txt", true],
    ["", false],
    ["naïve.txt", false],
    ["100%.txt", false],
    ["a#b", false],
    ["emoji-😀.png", false],
    ["back\\slash", false],
  ])("judges key %j valid: %s", (key, valid) => {
    expect(isValidKey(key)).toBe(valid);
  });

  it("refuses bucket names with slashes, edge whitespace, the reserved suffix or over 100 chars", () => {
    for (const name of ["a/b", " a", "a ", "x--table-s3", "x".repeat(101), ""]) {
      expect(() => mustBeValidBucketName(name), name).toThrow("Bucket name invalid");
    }
    expect(() => mustBeValidBucketName("avatars")).not.toThrow();
  });

  it("parses size strings with decimal units and three significant digits", () => {
    expect(parseFileSizeLimit("1.5MB")).toBe(1_500_000);
    expect(parseFileSizeLimit("20gb")).toBe(20_000_000_000);
    expect(parseFileSizeLimit("1.2345KB")).toBe(1230);
    expect(parseFileSizeLimit(42)).toBe(42);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(() => parseFileSizeLimit("5 MB")).toThrow("Invalid file size format");
  });

  it("matches MIME types by type and literal subtype, with wildcards", () => {
    expect(() => mustBeAllowedMimeType("image/png", ["image/*"])).not.toThrow();
    expect(() => mustBeAllowedMimeType("text/plain;charset=UTF-8", ["text/plain"])).toThrow(
      "mime type text/plain;charset=UTF-8 is not supported",
    );
    expect(() => mustBeAllowedMimeType("text/plain;charset=UTF-8", ["text/*"])).not.toThrow();
    expect(() => mustBeAllowedMimeType("anything/x", null)).not.toThrow();
  });

  it("caps uploads at the smallest limit, and folder placeholders at zero bytes", () => {
    expect(maxUploadSize(100, 50, "a.txt")).toBe(50);
    expect(maxUploadSize(100, null, "a.txt")).toBe(100);
    expect(maxUploadSize(100, 50, "dir/.emptyFolderPlaceholder")).toBe(0);
  });
});
