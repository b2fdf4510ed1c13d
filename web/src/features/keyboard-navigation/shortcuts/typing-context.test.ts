import { describe, expect, it } from "vitest";
import { typingContext } from "./typing-context";

function element(html: string): Element {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild!;
}

describe("typingContext", () => {
  it.each([
    ['<textarea data-composer="conversation"></textarea>', "composer"],
    ['<textarea data-composer="thread"></textarea>', "field"],
    ['<input type="search">', "field"],
    ["<input>", "field"],
    ["<select></select>", "field"],
    ['<input type="checkbox">', "none"],
    ["<button>Send</button>", "none"],
    ["<a href='#'>link</a>", "none"],
  ])("%s → %s", (html, expected) => {
    expect(typingContext(element(html))).toBe(expected);
  });

  it("treats a missing target as not typing", () => {
    expect(typingContext(null)).toBe("none");
  });
});
