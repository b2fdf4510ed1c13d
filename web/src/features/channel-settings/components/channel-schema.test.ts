import { describe, expect, it } from "vitest";
import { channelSettingsSchema } from "./channel-schema";

const valid = { name: "design-team", topic: "", isPrivate: false };

describe("channelSettingsSchema", () => {
  it.each(["general", "équipe", "会議室", "فريق", "q3 launch", "a"])("accepts the name %s", (name) => {
    expect(channelSettingsSchema.safeParse({ ...valid, name }).success).toBe(true);
  });

  it.each(["", " .", "x.", ".x", "a".repeat(81), "bad/name"])("refuses the name %j", (name) => {
    expect(channelSettingsSchema.safeParse({ ...valid, name }).success).toBe(false);
  });

  it("refuses a topic longer than 250 characters", () => {
    expect(channelSettingsSchema.safeParse({ ...valid, topic: "x".repeat(251) }).success).toBe(false);
  });
});
