import { describe, expect, it } from "vitest";
import { groupReactions } from "./reaction-cache";
import type { Reaction } from "./types";

const reaction = (id: string, user_id: string, emoji: string, message_id = "m"): Reaction => ({
  id,
  user_id,
  emoji,
  message_id,
});

describe("reaction cache", () => {
  it("groups a message's reactions by emoji and marks the caller's own", () => {
    const list = [
      reaction("1", "ada", "👍"),
      reaction("2", "jonas", "👍"),
      reaction("3", "jonas", "🎉"),
      reaction("4", "ada", "👍", "other"),
    ];
    const groups = groupReactions(list, "m", "ada");
    expect(groups.map((group) => [group.emoji, group.userIds, group.mine?.id])).toEqual([
      ["👍", ["ada", "jonas"], "1"],
      ["🎉", ["jonas"], undefined],
    ]);
  });
});
