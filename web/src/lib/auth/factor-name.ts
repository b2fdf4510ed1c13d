import type { Factor } from "@supabase/supabase-js";
import type { MessageId } from "../i18n/messages";

/** The catalog name of a factor's kind ("Authenticator app", "Text message", "Security key"). */
export function factorKindName(factor: Pick<Factor, "factor_type">): MessageId {
  if (factor.factor_type === "phone") return "mfa.kind.phone";
  if (factor.factor_type === "webauthn") return "mfa.kind.securityKey";
  return "mfa.kind.totp";
}

/** How a factor is named on screen: its friendly name, else its kind ("Authenticator app", "Phone"). */
export function factorLabel(
  factor: Pick<Factor, "friendly_name" | "factor_type">,
  t: (id: MessageId) => string,
): string {
  const name = factor.friendly_name?.trim();
  if (name) return name;
  return t(factorKindName(factor));
}

/**
 * A phone factor's number in E.164 as people write it (`+447700900123`): GoTrue sends `phone` on the
 * factor without the `+` (supabase-js's `Factor` type omits the field altogether).
 */
export function factorPhone(factor: Factor): string | undefined {
  const phone: unknown = (factor as Factor & { phone?: unknown }).phone;
  if (typeof phone !== "string" || phone === "") return undefined;
  return phone.startsWith("+") ? phone : `+${phone}`;
}
