// The local mailbox's send API, shaped like Mailpit's `POST /api/v1/send`: Parley Stack's mailbox and
// the Supabase CLI's Mailpit both speak it, so locally every email lands in the mailbox.
import { type Mail, MailProviderError } from "./mail.ts";

/** Posts `mail` to `<baseUrl>/api/v1/send`, from the address `fromEmail`. */
export async function sendToMailbox(baseUrl: string, fromEmail: string, mail: Mail): Promise<void> {
  const response = await fetch(new URL("api/v1/send", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      From: { Email: fromEmail, Name: "Parley" },
      To: [{ Email: mail.to.email, Name: mail.to.name }],
      Subject: mail.subject,
      Text: mail.text,
      HTML: mail.html,
    }),
  });
  if (!response.ok) throw new MailProviderError("mailbox", response.status, await response.text());
}
