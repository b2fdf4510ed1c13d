import { z } from "zod";
import { validation } from "../errors.ts";
import { isUuid } from "../http/caller.ts";
import { verificationFailed } from "./verification-failed.ts";

/** The body of both passkey verify endpoints: `{challenge_id, credential}`. */
export const ceremonyBodySchema = z
  .object({ challenge_id: z.string().default(""), credential: z.unknown().optional() })
  .loose();

/**
 * GoTrue's checks, in its order: challenge_id present, credential present, challenge_id a UUID
 * (400 `validation_failed`), then a credential that does not parse → 400 `webauthn_verification_failed`.
 */
export function parseCeremonyBody<T extends z.ZodType>(
  body: z.infer<typeof ceremonyBodySchema>,
  credentialSchema: T,
): { challengeId: string; credential: z.infer<T> } {
  if (body.challenge_id === "") throw validation("challenge_id is required");
  if (body.credential === undefined || body.credential === null) throw validation("credential is required");
  if (!isUuid(body.challenge_id)) throw validation("challenge_id must be a valid UUID");
  const credential = credentialSchema.safeParse(body.credential);
  if (!credential.success) throw verificationFailed(credential.error, "Invalid credential response");
  return { challengeId: body.challenge_id, credential: credential.data };
}
