/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a security key or
 * platform authenticator inside the browser, so passkey and security-key ceremonies run for real
 * without a person touching a device. It answers every request at once (presence and user
 * verification simulated) and belongs to one page, across its navigations.
 *
 * @example
 * const authenticator = await addVirtualAuthenticator(page);
 * … click "Add a passkey" …
 * expect(await authenticator.credentials()).toHaveLength(1);
 */
import type { CDPSession, Page } from "@playwright/test";

export type VirtualCredential = { credentialId: string; isResidentCredential: boolean; rpId?: string };

export type VirtualAuthenticator = {
  /** The credentials the authenticator holds now (what registering created). */
  credentials: () => Promise<VirtualCredential[]>;
};

/**
 * A CTAP2 authenticator with resident keys and user verification: on the `internal` transport by
 * default, the platform authenticator of a phone or laptop (where passkeys live); on `usb`, a
 * roaming security key — what supabase-js's WebAuthn MFA ceremony asks for (its defaults name a
 * `cross-platform` attachment, so Chromium offers it no platform authenticator).
 */
export async function addVirtualAuthenticator(
  page: Page,
  { transport = "internal" }: { transport?: "internal" | "usb" } = {},
): Promise<VirtualAuthenticator> {
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await session.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await session.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}
