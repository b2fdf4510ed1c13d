import { useQuery } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import type { BackendConfig } from "../../../lib/backend-config";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { authQueryKeys } from "../../../lib/auth/auth-query-keys";

const emulatorList = z.object({ providers: z.array(z.object({ name: z.string() })) });
const mintedToken = z.object({ id_token: z.string() });

/**
 * Whether the backend is a Parley Stack that emulates Google (`GET /emulators/oauth`): then the
 * one-tap step gets its ID token from the emulator, as Google's one tap would hand one over.
 * A hosted project has no such path (404) and this is false.
 */
export async function hasEmulatedGoogle(config: BackendConfig, signal?: AbortSignal): Promise<boolean> {
  const response = await fetch(`${config.url}/emulators/oauth`, { signal });
  if (!response.ok) return false;
  const parsed = emulatorList.safeParse(await response.json().catch(() => null));
  return parsed.success && parsed.data.providers.some((provider) => provider.name === "google");
}

/** Asked only once `/settings` reports Google enabled (the caller renders only then). */
export function useEmulatedGoogle() {
  const config = useBackendConfig();
  return useQuery({
    queryKey: [...authQueryKeys.settings(config.url), "emulated-google"],
    queryFn: ({ signal }) => hasEmulatedGoogle(config, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * An ID token for the emulated Google account `email`, carrying the SHA-256 of `nonce`
 * (`POST /emulators/oauth/google/test/id-token`), as Google's one tap returns a credential.
 */
export async function emulatedGoogleIdToken(config: BackendConfig, email: string, nonce: string): Promise<string> {
  const response = await fetch(`${config.url}/emulators/oauth/google/test/id-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, nonce }),
  });
  if (!response.ok) throw new TypeError(`the Google emulator answered ${response.status}`);
  return mintedToken.parse(await response.json()).id_token;
}
