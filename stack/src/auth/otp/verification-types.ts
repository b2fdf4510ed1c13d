import type { TokenSlot } from "./one-time-tokens.ts";

/** `type` values of /verify: email types and phone types. */
export const EMAIL_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change", "email"] as const;
export const PHONE_TYPES = ["sms", "phone_change"] as const;
export type VerificationType = (typeof EMAIL_TYPES)[number] | (typeof PHONE_TYPES)[number];

export const isVerificationType = (value: string): value is VerificationType =>
  (EMAIL_TYPES as readonly string[]).includes(value) || (PHONE_TYPES as readonly string[]).includes(value);
export const isPhoneType = (type: VerificationType) => type === "sms" || type === "phone_change";

/** Which token slots a type may consume, in lookup order (`email` tries confirmation first). */
export const SLOTS_BY_TYPE: Record<VerificationType, readonly TokenSlot[]> = {
  signup: ["confirmation"],
  invite: ["confirmation"],
  magiclink: ["recovery"],
  recovery: ["recovery"],
  email: ["confirmation", "recovery"],
  email_change: ["email_change_new", "email_change_current"],
  sms: ["confirmation"],
  phone_change: ["phone_change"],
};

/** The flow_state method a PKCE email link stamps (auth: models.ParseAuthenticationMethod). */
export const FLOW_METHOD_BY_TYPE: Record<VerificationType, string> = {
  signup: "email/signup",
  invite: "invite",
  magiclink: "magiclink",
  recovery: "recovery",
  email: "email",
  email_change: "email_change",
  sms: "sms",
  phone_change: "phone_change",
};
