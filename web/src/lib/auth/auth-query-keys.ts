/**
 * Query keys for the signed-in person's auth data, shared by every feature that shows it and by
 * the auth event handler that keeps it fresh. Build keys here, never as literal arrays elsewhere.
 */
export const authQueryKeys = {
  all: ["auth"] as const,
  user: () => [...authQueryKeys.all, "user"] as const,
  /** The person's second factors (`mfa.listFactors`, read fresh from `GET /user`). */
  factors: () => [...authQueryKeys.all, "factors"] as const,
  /** The identities (providers) linked to the person's account. */
  identities: () => [...authQueryKeys.all, "identities"] as const,
  /** The person's passkeys (`auth.passkey.list`). */
  passkeys: () => [...authQueryKeys.all, "passkeys"] as const,
  settings: (backendUrl: string) => [...authQueryKeys.all, "settings", backendUrl] as const,
};
