import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./plain-text";

describe("markdownToPlainText", () => {
  it.each([
    ["**bold**, *italic* and ~~gone~~", "bold, italic and gone"],
    ["see [the docs](https://example.com) now", "see the docs now"],
    ["run `npm test`", "run npm test"],
    ["```ts\nconst a = 1;\n```\nafter", "const a = 1; after"],
    ["> quoted\n\n- one\n- two", "quoted one two"],
    ["first line  \nsecond\n\nthird", "first line second third"],
    ["# not a heading <b>raw</b>", "# not a heading <b>raw</b>"],
    ["hi <@6f1c2a3b-0000-4000-8000-000000000001>", "hi <@6f1c2a3b-0000-4000-8000-000000000001>"],
  ])("%j → %j", (markdown, plain) => {
    expect(markdownToPlainText(markdown)).toBe(plain);
  });
});
