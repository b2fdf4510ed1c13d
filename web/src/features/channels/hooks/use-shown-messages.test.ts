import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Message } from "../api/types";

// The parser's loading state lives for the whole visit, so each test takes fresh modules.
async function freshModules() {
  vi.resetModules();
  const { useShownMessages } = await import("./use-shown-messages");
  const { loadMarkdownFormatting } = await import("../formatting/markdown-formatting");
  return { useShownMessages, loadMarkdownFormatting };
}

const message = (id: string, body: string) => ({ id, body }) as Message;
const plain = [message("1", "Good morning"), message("2", "See you at 10, ok?")];
const withMarkdown = [...plain, message("3", "the **release** is out")];

describe("useShownMessages", () => {
  it("shows plain-text messages at once, and nothing while the first page loads", async () => {
    const { useShownMessages } = await freshModules();
    const { result, rerender } = renderHook(({ messages }) => useShownMessages(messages), {
      initialProps: { messages: undefined as Message[] | undefined },
    });
    expect(result.current).toBeUndefined();
    rerender({ messages: plain });
    expect(result.current).toBe(plain);
  });

  it("holds a first page with Markdown back until the parser is in", async () => {
    const { useShownMessages, loadMarkdownFormatting } = await freshModules();
    const { result } = renderHook(() => useShownMessages(withMarkdown));
    expect(result.current).toBeUndefined();
    await act(async () => {
      await loadMarkdownFormatting();
    });
    expect(result.current).toBe(withMarkdown);
  });

  it("keeps showing what it showed while a new message with Markdown waits for the parser", async () => {
    const { useShownMessages, loadMarkdownFormatting } = await freshModules();
    const { result, rerender } = renderHook(({ messages }) => useShownMessages(messages), {
      initialProps: { messages: plain },
    });
    rerender({ messages: withMarkdown });
    expect(result.current).toBe(plain);
    await act(async () => {
      await loadMarkdownFormatting();
    });
    expect(result.current).toBe(withMarkdown);
  });
});
