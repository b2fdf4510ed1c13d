// What GoTrue puts in user_metadata, flow by flow (auth: internal/api/signup.go, admin.go, invite.go,
// mail.go; models.User.Confirm / ConfirmPhone / RemoveUnconfirmedIdentities): sign-up copies the new
// identity's data (sub, email, email_verified, phone_verified) into it; admin creation, invites and
// generated sign-up links keep only what the caller set, plus `email_verified: true` once the
// email is confirmed. Confirming a phone never writes to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";
import { uniqueEmail } from "./support/auth-api.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth");
});
afterAll(() => t?.close());

const admin = () => testClient(t.url, t.stack.keys.secretKey).auth.admin;
let phoneCounter = 0;
const uniquePhone = () =>
  `1555${String(process.pid % 1000).padStart(3, "0")}${String(phoneCounter++).padStart(4, "0")}`;

describe("user_metadata holds only what GoTrue puts there", () => {
  it.each([
    ["an unconfirmed email user", { email_confirm: false }, { team: "core" }],
    ["a confirmed email user", { email_confirm: true }, { team: "core", email_verified: true }],
  ])("admin.createUser of %s keeps the caller's metadata", async (_name, options, expected) => {
    const email = uniqueEmail("meta-admin");
    const { data, error } = await admin().createUser({ email, user_metadata: { team: "core" }, ...options });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual(expected);
    expect(data.user?.identities?.[0]?.identity_data).toEqual({
      sub: data.user?.id,
      email,
      email_verified: false,
      phone_verified: false,
    });
  });

  it("admin.createUser of a confirmed phone user keeps the caller's metadata", async () => {
    const { data, error } = await admin().createUser({
      phone: uniquePhone(),
      phone_confirm: true,
      user_metadata: { team: "core" },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ team: "core" });
  });

  it("an invite keeps only the invite's data", async () => {
    const email = uniqueEmail("meta-invite");
    const { data, error } = await admin().inviteUserByEmail(email, { data: { team: "core" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ team: "core" });
    expect(data.user?.identities?.[0]?.identity_data).toEqual({
      sub: data.user?.id,
      email,
      email_verified: false,
      phone_verified: false,
    });
  });

  it("a generated sign-up link keeps only the link's data", async () => {
    const email = uniqueEmail("meta-link");
    const { data, error } = await admin().generateLink({
      type: "signup",
      email,
      password: "Correct-horse-1",
      options: { data: { team: "core" } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ team: "core" });
  });

  it("a sign-up copies the new identity's data into user_metadata, as GoTrue does", async () => {
    const email = uniqueEmail("meta-signup");
    const { data, error } = await testClient(t.url, t.stack.keys.publishableKey).auth.signUp({
      email,
      password: "Correct-horse-1",
      options: { data: { team: "core" } },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ team: "core", sub: data.user?.id, email, phone_verified: false });
  });
});
