import type { AuthErrorDescription } from "../../../lib/auth/auth-errors";
import { DeleteAccountError } from "./delete-account";

/**
 * A refusal of `delete-account` as the person reads it. `formatList` joins workspace names the
 * locale's way (`Intl.ListFormat`), so no translated fragments are concatenated here.
 *
 * @example describeDeleteAccountError(new DeleteAccountError("reauthentication_failed"), list)
 * // { messageId: "account.delete.error.wrongPassword", nextStep: "fixInput", field: "password" }
 */
export function describeDeleteAccountError(
  error: unknown,
  formatList: (items: string[]) => string,
): AuthErrorDescription {
  const code = error instanceof DeleteAccountError ? error.code : error instanceof TypeError ? "network" : "unknown";
  switch (code) {
    case "reauthentication_failed":
      return { messageId: "account.delete.error.wrongPassword", nextStep: "fixInput", field: "password" };
    case "reauthentication_required":
      return { messageId: "account.delete.error.passwordRequired", nextStep: "fixInput", field: "password" };
    case "sole_owner": {
      const names = error instanceof DeleteAccountError ? error.workspaces.map((workspace) => workspace.name) : [];
      return {
        messageId: "account.delete.error.soleOwner",
        values: { workspaces: formatList(names) },
        nextStep: "contactAdmin",
      };
    }
    case "not_authenticated":
      return { messageId: "auth.error.sessionMissing", nextStep: "signIn" };
    case "insufficient_aal":
      return { messageId: "auth.error.insufficientAal", nextStep: "signIn" };
    case "network":
      return { messageId: "auth.error.network", nextStep: "retry" };
    default:
      return { messageId: "account.delete.error.failed", nextStep: "retry" };
  }
}
