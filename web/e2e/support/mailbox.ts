/**
 * Reads auth emails through the stack's mailbox API (Mailpit's shape, on INBUCKET_URL), the way a
 * person reads their inbox: the newest message to an address, its link and its 6-digit code.
 *
 * @example
 * const mail = await waitForEmail(stack.INBUCKET_URL, { to: email, subject: "Confirm" });
 * await page.goto(mail.link);
 */
import { expect } from "@playwright/test";

type Summary = { ID: string; To: Array<{ Address: string }>; Subject: string; Created: string };
type SearchResult = { messages: Summary[] };
type Message = Summary & { HTML: string; Text: string };

export type Email = {
  id: string;
  subject: string;
  html: string;
  text: string;
  /** The first link in the HTML body (the action link of every Parley auth template). */
  link: string;
  /** The 6-digit code the templates print, if the message has one. */
  code: string | undefined;
};

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

function toEmail(message: Message): Email {
  const href = /<a\s[^>]*href="([^"]+)"/i.exec(message.HTML)?.[1] ?? "";
  return {
    id: message.ID,
    subject: message.Subject,
    html: message.HTML,
    text: message.Text,
    link: href.replace(/&amp;/g, "&"),
    code: /\b(\d{6})\b/.exec(message.Text)?.[1],
  };
}

/** Messages addressed to `to` (newest first), optionally only those whose subject contains `subject`. */
export async function listEmails(mailboxUrl: string, to: string): Promise<Summary[]> {
  const query = encodeURIComponent(to);
  const { messages } = await getJson<SearchResult>(`${mailboxUrl}/api/v1/search?query=${query}`);
  return messages
    .filter((message) => message.To.some((recipient) => recipient.Address.toLowerCase() === to.toLowerCase()))
    .sort((a, b) => Date.parse(b.Created) - Date.parse(a.Created));
}

/**
 * Waits for a message to `to` whose subject contains `subject` and that is not one of `seen`
 * (ids of messages read before), and returns it with its link and code.
 */
export async function waitForEmail(
  mailboxUrl: string,
  options: { to: string; subject?: string; seen?: string[] },
): Promise<Email> {
  let found: Summary | undefined;
  await expect
    .poll(
      async () => {
        const messages = await listEmails(mailboxUrl, options.to);
        found = messages.find(
          (message) =>
            (options.subject === undefined || message.Subject.includes(options.subject)) &&
            !(options.seen ?? []).includes(message.ID),
        );
        return found !== undefined;
      },
      { message: `an email to ${options.to}${options.subject ? ` about "${options.subject}"` : ""}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable");
  return toEmail(await getJson<Message>(`${mailboxUrl}/api/v1/message/${found.ID}`));
}

/** A fresh, unique address for one test, so tests never read each other's mail. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
