import { describe, expect, it } from "vitest";
import { invitationToken } from "./invitation-link";

describe("invitationToken", () => {
  it.each([
    ["https://chat.example.com/en/invite?token=abc123", "abc123"],
    ["  http://localhost:5173/ar/invite?token=a%2Bb&x=1  ", "a+b"],
    ["https://chat.example.com/invite/?token=t", "t"],
  ])("reads the token of %s", (link, token) => {
    expect(invitationToken(link)).toBe(token);
  });

  it.each([
    ["not a link"],
    ["https://chat.example.com/en/invite"],
    ["https://chat.example.com/en/invite?token="],
    ["https://chat.example.com/en/w/demo?token=abc"],
    ["javascript:alert(1)//invite?token=abc"],
    ["ftp://chat.example.com/en/invite?token=abc"],
  ])("refuses %s", (link) => {
    expect(invitationToken(link)).toBeNull();
  });
});
