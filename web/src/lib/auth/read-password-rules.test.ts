import { expect, it } from "vitest";
import { readAuthPasswordRules } from "../../../vite/password-policy";

it("reads the password rules from config.toml's [auth] table only", () => {
  const toml = [
    "[auth]",
    "minimum_password_length = 10 # comment",
    'password_requirements = "letters_digits"',
    "[auth.email]",
    "minimum_password_length = 99",
  ].join("\n");
  expect(readAuthPasswordRules(toml)).toEqual({ minLength: "10", requirements: "letters_digits" });
});
