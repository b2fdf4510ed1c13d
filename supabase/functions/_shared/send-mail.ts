// Sends one email through an HTTP mail API shaped like Mailpit's `POST /api/v1/send`, at
// PARLEY_MAIL_API_URL (Parley Stack's local mailbox and the Supabase CLI's Mailpit both speak it,
// so locally every email lands in the mailbox). From address: PARLEY_MAIL_FROM.

export interface Mail {
  to: { email: string; name: string };
  subject: string;
  text: string;
  html: string;
}

/** Whether mail can be sent at all (PARLEY_MAIL_API_URL set). */
export function mailConfigured(): boolean {
  return Boolean(Deno.env.get("PARLEY_MAIL_API_URL"));
}

export async function sendMail(mail: Mail): Promise<void> {
  const base = Deno.env.get("PARLEY_MAIL_API_URL");
  if (!base) throw new Error("PARLEY_MAIL_API_URL is not set");
  const response = await fetch(new URL("api/v1/send", base.endsWith("/") ? base : `${base}/`), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      From: { Email: Deno.env.get("PARLEY_MAIL_FROM") ?? "parley@example.com", Name: "Parley" },
      To: [{ Email: mail.to.email, Name: mail.to.name }],
      Subject: mail.subject,
      Text: mail.text,
      HTML: mail.html,
    }),
  });
  if (!response.ok) throw new Error(`mail API answered ${response.status}: ${await response.text()}`);
}
