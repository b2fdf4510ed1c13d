import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render-in-locale";
import { characterKeysEnabled } from "../shortcuts/character-key-preference";
import { ShortcutHelpDialog } from "./shortcut-help-dialog";

function keysFor(action: string): string {
  const row = screen.getByRole("rowheader", { name: action }).closest("tr");
  if (!row) throw new Error(`no row for ${action}`);
  return within(row).getByRole("cell").textContent ?? "";
}

describe("ShortcutHelpDialog", () => {
  it("lists every shortcut with its keys in a dialog named Keyboard shortcuts", () => {
    renderInLocale(<ShortcutHelpDialog open onOpenChange={() => undefined} direction="ltr" />, "/en");
    expect(screen.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeTruthy();
    expect(keysFor("Jump to a conversation or person")).toBe("Ctrl + K");
    expect(keysFor("Show keyboard shortcuts")).toBe("? or Ctrl + /");
    expect(keysFor("Next unread conversation")).toBe("Alt + Shift + ↓");
    expect(keysFor("Mark the current conversation as read")).toBe("Esc");
    expect(keysFor("Edit your last message (in an empty message box)")).toBe("↑");
  });

  it("shows the forward arrow that opens a thread on the side the panel is: → in LTR", () => {
    renderInLocale(<ShortcutHelpDialog open onOpenChange={() => undefined} direction="ltr" />, "/en");
    expect(keysFor("Open the thread of the focused or last message")).toBe("Alt + Shift + T or Alt + Shift + →");
    expect(keysFor("Close the thread")).toBe("Alt + Shift + ←");
  });

  it("and ← in RTL", () => {
    renderInLocale(<ShortcutHelpDialog open onOpenChange={() => undefined} direction="rtl" />, "/ar");
    expect(keysFor("Open the thread of the focused or last message")).toBe("Alt + Shift + T أو Alt + Shift + ←"); // the list joins with Arabic "or"
    expect(keysFor("Close the thread")).toBe("Alt + Shift + →");
  });

  it("turns the single-key ? shortcut off and on, remembered on this device", async () => {
    localStorage.clear();
    renderInLocale(<ShortcutHelpDialog open onOpenChange={() => undefined} direction="ltr" />, "/en");
    const toggle = screen.getByRole("checkbox", { name: /Open this list with \? alone/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect(characterKeysEnabled(localStorage)).toBe(false);
    await userEvent.click(toggle);
    expect(characterKeysEnabled(localStorage)).toBe(true);
  });
});
