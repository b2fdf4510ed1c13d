import { expect, it } from "vitest";
import { parseGoogleClientId } from "./google-client-id";

it("reads VITE_GOOGLE_CLIENT_ID trimmed; unset or blank means the emulator path", () => {
  expect(parseGoogleClientId({ VITE_GOOGLE_CLIENT_ID: " 123-abc.apps.googleusercontent.com " })).toBe(
    "123-abc.apps.googleusercontent.com",
  );
  expect(parseGoogleClientId({ VITE_GOOGLE_CLIENT_ID: "   " })).toBeUndefined();
  expect(parseGoogleClientId({})).toBeUndefined();
  expect(parseGoogleClientId({ VITE_GOOGLE_CLIENT_ID: 42 })).toBeUndefined();
});
