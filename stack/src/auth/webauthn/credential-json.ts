import { z } from "zod";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";

const base64url = z.base64url();

/**
 * The browser's credential as `PublicKeyCredential.toJSON()` (and supabase-js) serialises it; the
 * binary fields are base64url. Deeper checks (CBOR, signatures) are the WebAuthn library's.
 */
const credentialBase = {
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string()).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const asRegistrationResponse = (value: z.infer<typeof registrationResponseSchema>) =>
  value as RegistrationResponseJSON;
export const asAuthenticationResponse = (value: z.infer<typeof authenticationResponseSchema>) =>
  value as AuthenticationResponseJSON;
