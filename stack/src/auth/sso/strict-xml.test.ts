import { describe, expect, it } from "vitest";
import { parseStrictXml } from "./strict-xml.ts";

describe("parseStrictXml", () => {
  it("reads the root element of a well-formed document", () => {
    const { root, error } = parseStrictXml(`<a xmlns="urn:x"><b/></a>`);
    expect(error).toBeUndefined();
    expect(root?.localName).toBe("a");
  });

  it("reports a malformed document instead of half-reading it", () => {
    expect(parseStrictXml(`<a x="1" x="2"/>`).error).toBeDefined();
  });

  it.each(["", "   \n "])("reports an empty document (%j) instead of throwing", (xml) => {
    expect(parseStrictXml(xml)).toEqual({ root: null, error: expect.any(String) });
  });
});
