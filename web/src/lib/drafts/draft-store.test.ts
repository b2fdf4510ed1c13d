import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetAllDrafts, readDrafts, saveDraft, subscribeToDrafts } from "./draft-store";

describe("draft store", () => {
  beforeEach(() => localStorage.clear());

  it("keeps a draft per conversation and per thread, per user", () => {
    saveDraft("ada", { channelId: "c1" }, { body: "hello", files: [] });
    saveDraft("ada", { channelId: "c1", threadParentId: "m1" }, { body: "reply", files: ["plan.pdf"] });
    expect(readDrafts("ada")).toEqual({
      c1: { body: "hello", files: [] },
      "c1/m1": { body: "reply", files: ["plan.pdf"] },
    });
    expect(readDrafts("jonas")).toEqual({});
  });

  it("forgets a draft once its text is empty and no files are waiting", () => {
    saveDraft("ada", { channelId: "c1" }, { body: "hello", files: [] });
    saveDraft("ada", { channelId: "c1" }, { body: "  ", files: [] });
    expect(readDrafts("ada")).toEqual({});
    expect(localStorage.getItem("parley.drafts.ada")).toBeNull();
  });

  it("treats stored data of the wrong shape as no drafts", () => {
    localStorage.setItem("parley.drafts.ada", JSON.stringify({ c1: { body: 42 } }));
    expect(readDrafts("ada")).toEqual({});
    localStorage.setItem("parley.drafts.ada", "not json");
    expect(readDrafts("ada")).toEqual({});
  });

  it("returns the same object while nothing changed, and tells subscribers about changes", () => {
    const notify = vi.fn();
    const stop = subscribeToDrafts(notify);
    saveDraft("ada", { channelId: "c1" }, { body: "hello", files: [] });
    expect(readDrafts("ada")).toBe(readDrafts("ada"));
    expect(notify).toHaveBeenCalledTimes(1);
    stop();
  });

  it("forgets every user's drafts on sign-out, and nothing else in storage", () => {
    saveDraft("ada", { channelId: "c1" }, { body: "hello", files: [] });
    saveDraft("jonas", { channelId: "c2" }, { body: "hallo", files: [] });
    localStorage.setItem("parley.theme", "dark");
    forgetAllDrafts();
    expect(readDrafts("ada")).toEqual({});
    expect(readDrafts("jonas")).toEqual({});
    expect(localStorage.getItem("parley.theme")).toBe("dark");
  });
});
