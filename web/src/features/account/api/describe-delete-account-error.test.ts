import { describe, expect, it } from "vitest";
import { DeleteAccountError } from "./delete-account";
import { describeDeleteAccountError } from "./describe-delete-account-error";

const list = (items: string[]) => new Intl.ListFormat("en", { type: "conjunction" }).format(items);

describe("describeDeleteAccountError", () => {
  it("puts a wrong or missing password beside the password field", () => {
    expect(describeDeleteAccountError(new DeleteAccountError("reauthentication_failed"), list)).toMatchObject({
      messageId: "account.delete.error.wrongPassword",
      field: "password",
    });
    expect(describeDeleteAccountError(new DeleteAccountError("reauthentication_required"), list)).toMatchObject({
      messageId: "account.delete.error.passwordRequired",
      field: "password",
    });
  });

  it("names every workspace that needs another owner first", () => {
    const error = new DeleteAccountError("sole_owner", [
      { id: "1", slug: "a", name: "Acme" },
      { id: "2", slug: "b", name: "Bolt" },
    ]);
    expect(describeDeleteAccountError(error, list)).toEqual({
      messageId: "account.delete.error.soleOwner",
      values: { workspaces: "Acme and Bolt" },
      nextStep: "contactAdmin",
    });
  });

  it("offers a retry when the server could not be reached, and for anything unexpected", () => {
    expect(describeDeleteAccountError(new DeleteAccountError("network"), list)).toMatchObject({
      messageId: "auth.error.network",
      nextStep: "retry",
    });
    expect(describeDeleteAccountError(new TypeError("Failed to fetch"), list)).toMatchObject({
      messageId: "auth.error.network",
    });
    expect(describeDeleteAccountError(new DeleteAccountError("internal_error"), list)).toMatchObject({
      messageId: "account.delete.error.failed",
      nextStep: "retry",
    });
  });

  it("sends a signed-out person to sign in again", () => {
    expect(describeDeleteAccountError(new DeleteAccountError("not_authenticated"), list)).toMatchObject({
      nextStep: "signIn",
    });
  });

  it("asks for the second factor when the session is only aal1", () => {
    expect(describeDeleteAccountError(new DeleteAccountError("insufficient_aal"), list)).toMatchObject({
      messageId: "auth.error.insufficientAal",
    });
  });
});
