import { describe, expect, it } from "vitest";
import { mentionOptions } from "./mention-suggestions";

const people = [
  { userId: "me", name: "Mia", username: "mia" },
  { userId: "b", name: "Ben Ito", username: "benito", avatarPath: "b/avatar.png" },
  { userId: "a", name: "Anna Berg", username: "anna" },
  { userId: "c", name: "Chloé", username: "chloe" },
];

describe("mentionOptions", () => {
  it("matches the start of a name's words or of the handle, online people first, never the writer", () => {
    const options = mentionOptions("be", people, new Set(["a"]), "me", "en");
    expect(options.map((option) => option.id)).toEqual(["a", "b"]);
    expect(mentionOptions("mi", people, new Set(), "me", "en")).toEqual([]);
  });

  it("carries each person's picture for the avatar, or null for initials", () => {
    const options = mentionOptions("be", people, new Set(), "me", "en");
    expect(options.map((option) => option.kind === "person" && option.avatarPath)).toEqual([null, "b/avatar.png"]);
  });

  it("offers @channel and @here after the people when they match", () => {
    expect(mentionOptions("c", people, new Set(), "me", "en").map((option) => option.username)).toEqual([
      "chloe",
      "channel",
    ]);
    expect(mentionOptions("", people, new Set(), "me", "en").map((option) => option.username)).toEqual([
      "anna",
      "benito",
      "chloe",
      "channel",
      "here",
    ]);
  });
});
