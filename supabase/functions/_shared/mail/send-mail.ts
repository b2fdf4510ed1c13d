// Sends an email through the provider the function's secrets choose:
// - RESEND_API_KEY and EMAIL_FROM set: Resend's HTTP API (hosted Supabase; RESEND_API_URL overrides
//   https://api.resend.com);
// - else PARLEY_MAIL_API_URL set: the local mailbox's send API (Parley Stack, the Supabase CLI's
//   Mailpit), from PARLEY_MAIL_FROM;
// - neither: mail is off, and mailProblem() says why.
import type { Mail } from "./mail.ts";
import { sendToMailbox } from "./mailbox-api.ts";
import { sendWithResend } from "./resend-api.ts";

export type { Mail } from "./mail.ts";

const env = (name: string) => Deno.env.get(name)?.trim() || undefined;

/** Why no email can be sent, or null when a provider is configured. */
export function mailProblem(): string | null {
  if (env("RESEND_API_KEY")) return env("EMAIL_FROM") ? null : "RESEND_API_KEY is set but EMAIL_FROM is not";
  return env("PARLEY_MAIL_API_URL") ? null : "neither RESEND_API_KEY nor PARLEY_MAIL_API_URL is set";
}

/** Sends one email; throws MailProviderError when the provider refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const problem = mailProblem();
  if (problem) throw new Error(problem);
  const apiKey = env("RESEND_API_KEY");
  if (apiKey) {
    const settings = {
      apiKey,
      from: env("EMAIL_FROM") ?? "",
      apiUrl: env("RESEND_API_URL") ?? "https://api.resend.com",
    };
    return await sendWithResend(settings, mail);
  }
  return await sendToMailbox(env("PARLEY_MAIL_API_URL") ?? "", env("PARLEY_MAIL_FROM") ?? "parley@example.com", mail);
}
