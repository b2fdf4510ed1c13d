import { act, render } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";

// The parser's loading state lives for the whole visit, so each test takes fresh modules.
async function freshModules() {
  vi.resetModules();
  const { FormattedText } = await import("./formatted-text");
  const parser = await import("../../../lib/markdown/message-parser");
  const formatting = await import("./markdown-formatting");
  return { FormattedText, ...parser, ...formatting };
}

describe("FormattedText before the Markdown parser has loaded", () => {
  it("shows a body without Markdown at once, without loading the parser", async () => {
    const { FormattedText, useLoadedMessageParser, useLoadedMarkdownFormatting } = await freshModules();
    let parserSeen: unknown = "not rendered";
    let formattingSeen: unknown = "not rendered";
    function ParserProbe() {
      parserSeen = useLoadedMessageParser();
      formattingSeen = useLoadedMarkdownFormatting();
      return null;
    }
    const { container } = render(
      <Suspense fallback="waiting">
        <FormattedText text="See you at 10, ok?" />
        <ParserProbe />
      </Suspense>,
    );
    expect(container.textContent).toBe("See you at 10, ok?");
    expect(container.querySelector("p")?.textContent).toBe("See you at 10, ok?");
    expect(parserSeen).toBeNull();
    expect(formattingSeen).toBeNull();
  });

  it("never shows a body's Markdown unformatted: it waits for the parser, then shows it formatted", async () => {
    const { FormattedText, loadMarkdownFormatting } = await freshModules();
    // Every text the page showed, in order, whenever it changed.
    const shown: string[] = [];
    const host = document.body.appendChild(document.createElement("div"));
    const observer = new MutationObserver(() => shown.push(host.textContent));
    observer.observe(host, { childList: true, subtree: true, characterData: true });
    // Rendered in an awaited act: React retries a suspended render only there, in tests.
    const { container } = await act(async () =>
      render(
        <Suspense fallback="waiting">
          <FormattedText text="a **b** and `c`" />
        </Suspense>,
        { container: host },
      ),
    );
    await act(async () => {
      await loadMarkdownFormatting();
    });
    expect(container.querySelector("strong")?.textContent).toBe("b");
    expect(container.querySelector("code")?.textContent).toBe("c");
    expect(container.textContent).toBe("a b and c");
    observer.disconnect();
    expect(shown[0]).toBe("waiting");
    expect(shown.filter((text) => text.includes("*") || text.includes("`"))).toEqual([]);
  });
});
