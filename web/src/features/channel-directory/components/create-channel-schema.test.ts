import { describe, expect, it } from "vitest";
import { createChannelSchema } from "./create-channel-schema";

describe("createChannelSchema", () => {
  it.each(["design", "設計", "تصميم", "q3 planning", "a"])("accepts %s", (name) => {
    expect(createChannelSchema.safeParse({ name, topic: "" }).success).toBe(true);
  });

  it.each(["", " ", "-".repeat(81), "bad/name", ".dot-first"])("refuses %j with the catalog's message", (name) => {
    const result = createChannelSchema.safeParse({ name, topic: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("channelDirectory.create.nameInvalid");
  });

  it("refuses a topic over 250 characters", () => {
    expect(createChannelSchema.safeParse({ name: "ok", topic: "x".repeat(251) }).success).toBe(false);
  });
});
