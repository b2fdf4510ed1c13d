/** A message as the mailbox's Mailpit-shaped API returns it. */
export interface MailSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Created: string;
  Snippet: string;
  Tags: string[];
}

export interface MailDetail extends MailSummary {
  HTML: string;
  Text: string;
}

export interface ReadMail extends MailDetail {
  /** The `{{ .Token }}` the fixture templates print in `<code id="otp">` (or the SMS code). */
  otp: string;
  /** The `{{ .ConfirmationURL }}` of the message. */
  link: string;
}

/**
 * Waits (bounded, polling the JSON API) for the newest message to `address` whose subject matches,
 * created after `since` ids were seen; no sleeps beyond the poll interval.
 */
export async function waitForMail(
  mailboxUrl: string,
  address: string,
  options: { subject?: RegExp; seen?: Set<string>; timeoutMs?: number } = {},
): Promise<ReadMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const response = await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
    const body = (await response.json()) as { messages: MailSummary[] };
    const found = body.messages.find(
      (m) =>
        m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()) &&
        (!options.subject || options.subject.test(m.Subject)) &&
        !options.seen?.has(m.ID),
    );
    if (found) {
      options.seen?.add(found.ID);
      const detail = (await (await fetch(`${mailboxUrl}/api/v1/message/${found.ID}`)).json()) as MailDetail;
      const otp = /<code id="otp">(\d+)<\/code>/.exec(detail.HTML)?.[1] ?? /(\d{6,10})/.exec(detail.Text)?.[1] ?? "";
      const link = (/href="([^"]+)"/.exec(detail.HTML)?.[1] ?? "").replace(/&amp;/g, "&");
      return { ...detail, otp, link };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} within the wait`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Counts the messages to an address. */
export async function countMail(mailboxUrl: string, address: string): Promise<number> {
  const response = await fetch(`${mailboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`);
  const body = (await response.json()) as { messages: MailSummary[] };
  return body.messages.filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase())).length;
}
