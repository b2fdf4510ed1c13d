import { describe, expect, it } from "vitest";
import { parseFormatting } from "./parse-formatting";

describe("parseFormatting", () => {
  it("reads bold, italic and code", () => {
    expect(parseFormatting("a **b** *c* _d_ `e*f*`")).toEqual([
      { type: "text", text: "a " },
      { type: "bold", children: [{ type: "text", text: "b" }] },
      { type: "text", text: " " },
      { type: "italic", children: [{ type: "text", text: "c" }] },
      { type: "text", text: " " },
      { type: "italic", children: [{ type: "text", text: "d" }] },
      { type: "text", text: " " },
      { type: "code", text: "e*f*" },
    ]);
  });

  it("makes links of http(s) and labelled links only, leaving the sentence's full stop out", () => {
    expect(parseFormatting("see https://example.com/a?b=1.")).toEqual([
      { type: "text", text: "see " },
      {
        type: "link",
        href: "https://example.com/a?b=1",
        children: [{ type: "text", text: "https://example.com/a?b=1" }],
      },
      { type: "text", text: "." },
    ]);
    expect(parseFormatting("[docs](https://example.com)")).toEqual([
      { type: "link", href: "https://example.com", children: [{ type: "text", text: "docs" }] },
    ]);
    expect(parseFormatting("[x](javascript:alert(1))")).toEqual([{ type: "text", text: "[x](javascript:alert(1))" }]);
  });

  it("keeps markup-looking text and snake_case words as plain text", () => {
    expect(parseFormatting("<b>hi</b> snake_case_name 2*3*4")).toEqual([
      { type: "text", text: "<b>hi</b> snake_case_name 2*3*4" },
    ]);
  });
});
