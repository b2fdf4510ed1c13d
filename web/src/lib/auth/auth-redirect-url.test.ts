import { expect, it } from "vitest";
import { authRedirectUrl } from "./auth-redirect-url";

it("points email links at the callback in the person's language, keeping where they were going", () => {
  expect(authRedirectUrl("ar", "/account/email", "http://127.0.0.1:4000")).toBe(
    "http://127.0.0.1:4000/ar/auth/callback?next=%2Faccount%2Femail",
  );
  expect(authRedirectUrl("en", "/", "https://chat.example")).toBe("https://chat.example/en/auth/callback");
});
