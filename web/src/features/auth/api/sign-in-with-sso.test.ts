import { expect, it } from "vitest";
import { emailDomain } from "./sign-in-with-sso";

it("looks SSO up by the domain after the last @, lower-cased", () => {
  expect(emailDomain("Ada@Example.COM")).toBe("example.com");
  expect(emailDomain('"a@b"@corp.example')).toBe("corp.example");
});
