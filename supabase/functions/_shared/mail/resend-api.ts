// Resend's HTTP API (`POST https://api.resend.com/emails`, bearer API key), the way Supabase's
// "Sending Emails" guide sends mail from edge functions: hosted edge functions cannot open SMTP
// connections on ports 25 or 587, so mail leaves over HTTPS.
import { type Mail, MailProviderError } from "./mail.ts";

export interface ResendSettings {
  apiKey: string;
  /** Resend's `from`: an address on a domain verified in Resend, optionally `Name <address>`. */
  from: string;
  /** https://api.resend.com, or a stand-in (tests). */
  apiUrl: string;
}

/** Sends `mail` through Resend; a refusal (4xx/5xx) throws MailProviderError. */
export async function sendWithResend(settings: ResendSettings, mail: Mail): Promise<void> {
  const base = settings.apiUrl.endsWith("/") ? settings.apiUrl : `${settings.apiUrl}/`;
  const response = await fetch(new URL("emails", base), {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({
      from: settings.from,
      to: [mail.to.email],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    }),
  });
  if (!response.ok) throw new MailProviderError("Resend", response.status, await response.text());
}
