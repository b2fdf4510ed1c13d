import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInLocale } from "../../../test/render-in-locale";
import type { SwitcherItem } from "../switcher/switcher-item";
import { QuickSwitcherDialog, SwitcherSearch } from "./quick-switcher-dialog";

const items: SwitcherItem[] = [
  { kind: "channel", id: "c1", name: "general", isPrivate: false, archived: false },
  { kind: "channel", id: "c2", name: "engineering", isPrivate: false, archived: false },
  { kind: "channel", id: "c3", name: "leadership", isPrivate: true, archived: false },
  { kind: "person", id: "p1", name: "Jonas Weber", username: "jonas" },
];

function renderSwitcher(recentKeys: string[] = []) {
  const onChoose = vi.fn();
  renderInLocale(
    <QuickSwitcherDialog open onOpenChange={() => undefined}>
      <SwitcherSearch items={items} loading={false} recentKeys={recentKeys} onChoose={onChoose} />
    </QuickSwitcherDialog>,
    "/en",
  );
  return { onChoose, input: screen.getByRole("combobox", { name: "Find a channel or person" }) };
}

describe("QuickSwitcherDialog", () => {
  it("is a dialog named by its title, with the search box focused", () => {
    const { input } = renderSwitcher();
    expect(screen.getByRole("dialog", { name: "Jump to a conversation or person" })).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it("filters as you type, announces the count and points the combobox at the first match", async () => {
    const { input } = renderSwitcher();
    await userEvent.type(input, "engnr");
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["engineeringChannel"]);
    expect(screen.getByRole("status").textContent).toBe("1 match");
    expect(input.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
  });

  it("moves with the arrow keys, wrapping, and opens the active option with Enter", async () => {
    const { input, onChoose } = renderSwitcher(["person:p1"]);
    expect(screen.getAllByRole("option")[0]?.textContent).toContain("Jonas Weber"); // recent first
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    const active = document.getElementById(input.getAttribute("aria-activedescendant") ?? "");
    expect(active?.textContent).toContain("general");
    await userEvent.keyboard("{ArrowUp}{ArrowUp}{ArrowUp}"); // wraps past the top to the last option
    await userEvent.keyboard("{Enter}");
    expect(onChoose).toHaveBeenCalledWith(items[2]);
  });

  it("says so when nothing matches, and Enter then does nothing", async () => {
    const { input, onChoose } = renderSwitcher();
    await userEvent.type(input, "zzz{Enter}");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    expect(screen.getByRole("status").textContent).toBe("No matches");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(onChoose).not.toHaveBeenCalled();
  });

  it("names each option's kind, private channels and people included", () => {
    renderSwitcher();
    const texts = screen.getAllByRole("option").map((option) => option.textContent);
    expect(texts).toContain("leadershipPrivate channel");
    expect(texts).toContain("Jonas WeberPerson · @jonas");
  });
});
