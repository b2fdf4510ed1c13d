import { describe, expect, it } from "vitest";
import { userInitials } from "./user-initials";

describe("userInitials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["ada byron lovelace", "AL"],
    ["Ben", "B"],
    ["  élodie  ", "É"],
    ["田中 太郎", "田太"],
    ["👩🏽‍💻 Dev", "👩🏽‍💻D"],
    ["", "?"],
  ])("%j → %j", (name, initials) => {
    expect(userInitials(name)).toBe(initials);
  });
});
