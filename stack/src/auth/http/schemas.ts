import { z } from "zod";

/** `data` / metadata objects: any JSON object, default `{}`. */
export const metadata = z.record(z.string(), z.unknown()).default({});

/** PKCE fields every email-sending endpoint accepts. */
export const pkceFields = {
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
};

/** Fields supabase-js sends that GoTrue ignores here. */
export const ignoredFields = {
  gotrue_meta_security: z.unknown().optional(),
  options: z.unknown().optional(),
};

/** A required string with GoTrue's validation message. */
export const text = z.string();
