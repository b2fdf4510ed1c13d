import { useQuery } from "@tanstack/react-query";
import type { BackendConfig } from "../backend-config";
import { useBackendConfig } from "../backend-config-context";
import { authQueryKeys } from "./auth-query-keys";

/** The part of GoTrue's `GET /settings` the sign-in screens use. */
export type AuthSettings = {
  external: Record<string, boolean>;
  disable_signup: boolean;
  saml_enabled?: boolean;
  /** `[auth.passkey] enabled`: sign-in offers a passkey and the account centre manages them. */
  passkeys_enabled?: boolean;
};

/** Providers that are not OAuth buttons. */
const notOAuth = new Set(["email", "phone", "anonymous_users"]);

/** OAuth providers the backend reports enabled, in a stable order. */
export function enabledOAuthProviders(settings: AuthSettings | undefined): string[] {
  if (!settings) return [];
  return Object.entries(settings.external)
    .filter(([provider, enabled]) => enabled && !notOAuth.has(provider))
    .map(([provider]) => provider)
    .sort();
}

/** Reads `/auth/v1/settings` (supabase-js has no method for it). Throws on a non-2xx answer. */
export async function getAuthSettings(config: BackendConfig, signal?: AbortSignal): Promise<AuthSettings> {
  const response = await fetch(`${config.url}/auth/v1/settings`, {
    headers: { apikey: config.publishableKey },
    signal,
  });
  if (!response.ok) throw new Error(`GET /auth/v1/settings answered ${response.status}`);
  return (await response.json()) as AuthSettings;
}

/**
 * The backend's auth settings (sign-in screens and linked identities); the screens degrade to email and password when
 * unknown.
 */
export function useAuthSettings() {
  const config = useBackendConfig();
  return useQuery({
    queryKey: authQueryKeys.settings(config.url),
    queryFn: ({ signal }) => getAuthSettings(config, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
