import { expect, it } from "vitest";
import { isHalfConfirmedLink } from "./link-message";

it("recognises the first half of an email change, in the query (PKCE) or the fragment", () => {
  expect(
    isHalfConfirmedLink(
      "?next=%2Faccount&message=Confirmation+link+accepted",
      "#message=Confirmation+link+accepted&sb=",
    ),
  ).toBe(true);
  expect(isHalfConfirmedLink("", "#message=Confirmation+link+accepted&sb=")).toBe(true);
});

it("is false for a link with a code, tokens or an error, and for none at all", () => {
  expect(isHalfConfirmedLink("?code=abc", "")).toBe(false);
  expect(isHalfConfirmedLink("?message=x&code=abc", "")).toBe(false);
  expect(isHalfConfirmedLink("", "#access_token=a&message=x")).toBe(false);
  expect(isHalfConfirmedLink("?message=x&error=access_denied", "")).toBe(false);
  expect(isHalfConfirmedLink("", "")).toBe(false);
});
