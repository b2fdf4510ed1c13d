import { render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { isMarkdownFree } from "../../../lib/markdown/markdown-free-text";
import { loadMarkdownFormatting } from "./markdown-formatting";
import { loadShortcodeTable } from "./emoji-shortcodes";
import { FormattedText } from "./formatted-text";

function show(text: string) {
  return render(<FormattedText text={text} />).container;
}

describe("FormattedText", () => {
  beforeAll(async () => {
    await Promise.all([loadShortcodeTable(), loadMarkdownFormatting()]);
  });

  it("renders bold, italic, strikethrough and inline code as elements", () => {
    const body = show("a **b** *c* _d_ ~~e~~ `f*g*`");
    expect(body.querySelector("strong")?.textContent).toBe("b");
    expect([...body.querySelectorAll("em")].map((em) => em.textContent)).toEqual(["c", "d"]);
    expect(body.querySelector("del")?.textContent).toBe("e");
    expect(body.querySelector("code")?.textContent).toBe("f*g*");
    expect(body.textContent).toBe("a b c d e f*g*");
  });

  it("renders a quote and ordered and unordered lists, keeping an ordered list's first number", () => {
    const body = show("> quoted **words**\n\n3. three\n4. four\n\n- apple\n- pear");
    expect(body.querySelector("blockquote")?.textContent).toBe("quoted words");
    const ordered = body.querySelector("ol");
    expect(ordered?.getAttribute("start")).toBe("3");
    expect([...(ordered?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual(["three", "four"]);
    expect([...body.querySelectorAll("ul > li")].map((li) => li.textContent)).toEqual(["apple", "pear"]);
  });

  it("shows a fenced code block as text at once, then highlighted by its language, left to right", async () => {
    const body = show("```ts\nconst answer: number = 42;\n```");
    const block = body.querySelector("pre");
    expect(block?.getAttribute("dir")).toBe("ltr");
    expect(block?.textContent).toBe("const answer: number = 42;");
    await waitFor(() => expect(body.querySelector("pre code[data-highlighted]")).not.toBeNull());
    expect(body.querySelector(".hljs-keyword")?.textContent).toBe("const");
    expect(body.querySelector("pre")?.textContent).toBe("const answer: number = 42;");
  });

  it("highlights a block without a language by guessing, and keeps its text", async () => {
    const body = show("```\nSELECT id FROM messages WHERE channel_id = 1;\n```");
    await waitFor(() => expect(body.querySelector("pre code[data-highlighted]")).not.toBeNull());
    expect(body.querySelector("pre")?.textContent).toBe("SELECT id FROM messages WHERE channel_id = 1;");
  });

  it("makes links of http, https and mailto targets, labelled or bare, opening in a new tab", () => {
    show("[docs](https://example.com/docs) see http://example.org/a?b=1. or [mail](mailto:ada@parley.test)");
    const docs = screen.getByRole("link", { name: "docs" });
    expect(docs.getAttribute("href")).toBe("https://example.com/docs");
    expect(docs.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(docs.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: "http://example.org/a?b=1" }).getAttribute("href")).toBe(
      "http://example.org/a?b=1",
    );
    expect(screen.getByRole("link", { name: "mail" }).getAttribute("href")).toBe("mailto:ada@parley.test");
  });

  it.each([
    ["[x](javascript:alert(1))", "x"],
    ["[x](JavaScript:alert(1))", "x"],
    ["[x](java\tscript:alert(1))", "[x](java\tscript:alert(1))"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "x"],
    ["[x](vbscript:msgbox)", "x"],
    ["[x](/relative/path)", "x"],
    ["<javascript:alert(1)>", "javascript:alert(1)"],
  ])("keeps %j inert: no link, only its text", (text, shown) => {
    const body = show(text);
    expect(body.querySelector("a")).toBeNull();
    expect(body.textContent).toBe(shown);
  });

  it("keeps HTML as text: a <script> or an <img onerror> is shown, never run or built", () => {
    const body = show('<script>alert("x")</script>\n\nhi <img src=x onerror="alert(1)"> <b>bold?</b>');
    expect(body.querySelector("script, img, b")).toBeNull();
    expect(body.textContent).toContain('<script>alert("x")</script>');
    expect(body.textContent).toContain('<img src=x onerror="alert(1)">');
  });

  it("does not load images: ![alt](url) is text and a link", () => {
    const body = show("![cat](https://example.com/cat.png)");
    expect(body.querySelector("img")).toBeNull();
    expect(body.textContent).toBe("!cat");
  });

  it("turns emoji shortcodes into emoji, but not unknown names nor inside code", () => {
    const body = show(":tada: shipped :+1: :not_an_emoji: `:tada:`");
    expect(body.textContent).toBe("🎉 shipped 👍 :not_an_emoji: :tada:");
  });

  describe("existing messages render unchanged", () => {
    it.each([
      ["plain words", "Hello from Ada"],
      ["snake_case and markup-looking text", "<b>hi</b> snake_case_name"],
      ["a line starting with #", "# 1 priority today"],
      ["a line of dashes under text", "Release notes\n---"],
      ["four leading spaces", "    not code"],
      ["Japanese and Arabic", "こんにちは、世界 — مرحبا بالعالم"],
    ])("%s", (_name, text) => {
      const body = show(text);
      expect(body.querySelector("h1, h2, hr, pre, b, a")).toBeNull();
      expect(body.textContent).toBe(text.replace(/^ {4}/, ""));
    });

    it("keeps line breaks inside a paragraph", () => {
      const body = show("first line\nsecond line");
      expect(body.querySelector("p")?.textContent).toBe("first line\nsecond line");
    });
  });

  it.each(["See you at 10, ok?", "Party at noon :tada: bring snacks!", "Привет, как дела?"])(
    "renders a body without Markdown as the parser and renderer would: %s",
    async (text) => {
      const [{ parse, render: renderTree }, shortcodes] = await Promise.all([
        loadMarkdownFormatting(),
        loadShortcodeTable(),
      ]);
      expect(isMarkdownFree(text)).toBe(true); // so FormattedText takes its path without the parser
      const parsed = render(<>{renderTree(parse(text), shortcodes)}</>).container.innerHTML;
      expect(show(text).innerHTML).toBe(parsed);
    },
  );
});
