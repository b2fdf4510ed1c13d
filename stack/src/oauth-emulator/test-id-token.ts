import { createHash } from "node:crypto";
import { importJWK, SignJWT } from "jose";
import { z } from "zod";
import { accountClaims, type EmulatedIssuer } from "./oidc-instance.ts";
import { newAccountSchema, type TestAccounts } from "./test-accounts.ts";

/**
 * Body of `POST /emulators/oauth/<provider>/test/id-token`: the account (created or updated by
 * email), the RAW nonce the app will pass to signInWithIdToken (the token carries its SHA-256 hex,
 * as GoTrue expects), and an optional audience override (default: the client id auth uses).
 */
export const testIdTokenSchema = newAccountSchema.extend({
  nonce: z.string().min(1).optional(),
  audience: z.string().min(1).optional(),
});

/** An id_token signed with the emulator's published key, as the provider would issue after sign-in. */
export async function mintTestIdToken(
  issuer: EmulatedIssuer,
  accounts: TestAccounts,
  clientId: string,
  input: unknown,
) {
  const body = testIdTokenSchema.parse(input);
  const account = await accounts.upsert(body);
  const key = await importJWK(issuer.signingKey, "RS256");
  const nonce = body.nonce === undefined ? {} : { nonce: createHash("sha256").update(body.nonce).digest("hex") };
  const idToken = await new SignJWT({ ...accountClaims(account), ...nonce })
    .setProtectedHeader({ alg: "RS256", kid: issuer.signingKey.kid, typ: "JWT" })
    .setIssuer(issuer.issuer)
    .setAudience(body.audience ?? clientId)
    .setSubject(account.id)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(key);
  return { id_token: idToken, sub: account.id, email: account.email };
}
