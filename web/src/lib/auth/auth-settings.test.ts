import { expect, it } from "vitest";
import { enabledOAuthProviders } from "./auth-settings";

it("lists only enabled OAuth providers, never email, phone or anonymous", () => {
  const settings = {
    external: { github: true, email: true, phone: false, anonymous_users: true, google: true, apple: false },
    disable_signup: false,
  };
  expect(enabledOAuthProviders(settings)).toEqual(["github", "google"]);
  expect(enabledOAuthProviders(undefined)).toEqual([]);
});
