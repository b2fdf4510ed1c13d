import { expect, it } from "vitest";
import { hashNonce, newNonce } from "./sign-in-with-id-token";

it("hashes a nonce to the lower-case hex SHA-256 Google signs into the ID token", async () => {
  // FIPS 180-2 test vectors.
  expect(await hashNonce("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(await hashNonce("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
});

it("makes a fresh random nonce each time, hex-encoded", () => {
  const first = newNonce();
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(newNonce()).not.toBe(first);
});
