import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { StoredSigningKey } from "./key-store.ts";

const jwkSchema = z
  .object({
    kty: z.enum(["EC", "RSA"]),
    kid: z.string().min(1),
    alg: z.enum(["ES256", "RS256"]),
    d: z.string().min(1, 'must be a private key (has no "d")'),
  })
  .passthrough();

/** The file `[auth] signing_keys_path` names: relative to the `supabase/` folder, as in the CLI. */
export const signingKeysFilePath = (workdir: string, signingKeysPath: string) =>
  path.resolve(workdir, "supabase", signingKeysPath);

/**
 * Reads `[auth] signing_keys_path`: a JSON array of private JWKs (RS256 or ES256), as the Supabase CLI
 * accepts (`supabase gen signing-key`). The path is relative to the `supabase/` folder, as in the CLI.
 * The first key signs new tokens; every key verifies.
 */
export async function readSigningKeysFile(workdir: string, signingKeysPath: string): Promise<StoredSigningKey[]> {
  const file = signingKeysFilePath(workdir, signingKeysPath);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new Error(`auth.signing_keys_path: cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = z.array(jwkSchema).min(1).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `auth.signing_keys_path: ${file} is not a JWK array of ES256/RS256 private keys (${issue?.path.join(".")}: ${issue?.message})`,
    );
  }
  return parsed.data as StoredSigningKey[];
}
