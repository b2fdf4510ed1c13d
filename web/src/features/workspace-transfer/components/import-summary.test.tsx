import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render-in-locale";
import type { ImportSummary } from "../api/import-summary";
import { ImportSummaryView } from "./import-summary";

const summary = (skipped: Partial<ImportSummary["skipped"]> = {}, alreadyImported = 0): ImportSummary => ({
  channels: { created: 2, matched: 1 },
  users: { matched: 2, placeholders: 3 },
  messages: { imported: 1234, replies: 2, threads: 1, already_imported: alreadyImported },
  reactions: 3,
  files: { imported: 1, linked: 1 },
  skipped: { direct_conversations: 0, system_messages: 0, reactions: 0, channels: [], ...skipped },
});

/** The number shown beside a label in the summary's list. */
const valueOf = (label: string) =>
  screen.getByText(label).closest(".transfer-summary__row")?.querySelector("dd")?.textContent;

describe("the import summary", () => {
  it("announces what was added, with numbers in the page's locale", async () => {
    renderInLocale(<ImportSummaryView summary={summary()} />, "/de/transfer");
    const headline = await screen.findByText("1.234 messages imported into 3 channels.");
    expect(headline.closest('[role="status"]')).toBeTruthy();
    expect(
      valueOf("People who are not members yet (shown by their Slack name; invite them to join their channels)"),
    ).toBe("3");
    expect(screen.getByText("Nothing was skipped.")).toBeTruthy();
  });

  it("lists only what was skipped, and names channels it could not create", async () => {
    renderInLocale(
      <ImportSummaryView summary={summary({ direct_conversations: 4, channels: ["💥", "???"] }, 7)} />,
      "/en/transfer",
    );
    expect(valueOf("Direct conversations (Parley has no direct messages yet)")).toBe("4");
    expect(valueOf("Messages already imported earlier")).toBe("7");
    expect(screen.queryByText("Join and channel-change notices")).toBeNull();
    expect(await screen.findByText("Channels whose names Parley cannot use: 💥 and ???")).toBeTruthy();
  });
});
