import { describe, expect, it } from "vitest";
import { parseSnippet } from "./snippet";

describe("parseSnippet", () => {
  it("splits marked words from the text around them", () => {
    expect(parseSnippet("明日の<mark>会議</mark>は")).toEqual([
      { text: "明日の", marked: false },
      { text: "会議", marked: true },
      { text: "は", marked: false },
    ]);
  });

  it("turns escaped markup back into plain text, never into elements", () => {
    expect(parseSnippet("&lt;b&gt;<mark>keyboard</mark>&lt;/b&gt; &amp; &quot;x&quot; &#39;y&#39;")).toEqual([
      { text: "<b>", marked: false },
      { text: "keyboard", marked: true },
      { text: `</b> & "x" 'y'`, marked: false },
    ]);
  });

  it("keeps a double-escaped entity as the text the author typed", () => {
    expect(parseSnippet("&amp;lt;script&amp;gt;")).toEqual([{ text: "&lt;script&gt;", marked: false }]);
  });
});
