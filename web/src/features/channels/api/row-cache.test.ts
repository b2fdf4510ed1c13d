import { describe, expect, it } from "vitest";
import { removeRow, upsertRows } from "./row-cache";
import type { Reaction } from "./types";

const reaction = (id: string, user_id: string, emoji: string, message_id = "m"): Reaction => ({
  id,
  user_id,
  emoji,
  message_id,
});

describe("row cache", () => {
  it("adds without duplicating the echo and removes by id", () => {
    const once = upsertRows([reaction("1", "ada", "👍")], [reaction("1", "ada", "👍")]);
    expect(once).toHaveLength(1);
    expect(removeRow(once, "1")).toEqual([]);
    expect(upsertRows(undefined, [reaction("1", "ada", "👍")])).toBeUndefined();
  });
});
