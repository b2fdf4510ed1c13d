import { z } from "../zod-mini";

const clientId = z.pipe(
  z.transform((value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined)),
  z.optional(z.string()),
);

/**
 * The Google OAuth web client id this build signs in with through Google Identity Services
 * (`VITE_GOOGLE_CLIENT_ID`), or `undefined` when unset or blank — then one tap uses the local
 * stack's Google emulator, where there is one.
 *
 * @example parseGoogleClientId({ VITE_GOOGLE_CLIENT_ID: "123-abc.apps.googleusercontent.com" }) // "123-abc.apps.googleusercontent.com"
 */
export function parseGoogleClientId(env: Record<string, unknown>): string | undefined {
  const parsed = clientId.safeParse(env.VITE_GOOGLE_CLIENT_ID);
  return parsed.success ? parsed.data : undefined;
}

/** This build's Google client id, read once. */
export const googleClientId: string | undefined = parseGoogleClientId(import.meta.env);
