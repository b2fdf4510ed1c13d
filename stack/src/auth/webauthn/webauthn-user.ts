import type { UserRow } from "../users/user-row.ts";

/**
 * The user as an authenticator sees it: the user handle is the user id's text (so a discoverable
 * sign-in names its user), the name the email or else the phone, the display name
 * `user_metadata.name` when set (GoTrue's webAuthnUser).
 */
export function webauthnUser(user: UserRow): {
  userID: Uint8Array<ArrayBuffer>;
  userName: string;
  userDisplayName: string;
} {
  const name = user.email || user.phone || "";
  const metadataName = (user.raw_user_meta_data as Record<string, unknown> | null)?.name;
  return {
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: typeof metadataName === "string" && metadataName !== "" ? metadataName : name,
  };
}
