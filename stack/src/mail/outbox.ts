import { randomUUID } from "node:crypto";

export interface MailAddress {
  Name: string;
  Address: string;
}

/** A message as Mailpit's API shapes it (the fields tools and tests read). */
export interface MailMessage {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  /** `email` or `sms`: SMS codes land in the same mailbox. */
  Kind: "email" | "sms";
}

export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress[];
  subject: string;
  text: string;
  html: string;
  kind?: "email" | "sms";
}

/** Where auth emails and SMS go; the mailbox serves them. Newest first, bounded. */
export class Outbox {
  private readonly messages: MailMessage[] = [];
  constructor(private readonly limit = 1000) {}

  add(mail: OutgoingMail): MailMessage {
    const id = randomUUID();
    const message: MailMessage = {
      ID: id,
      MessageID: `${id}@parley-stack`,
      From: mail.from,
      To: mail.to,
      Subject: mail.subject,
      Created: new Date().toISOString(),
      Text: mail.text,
      HTML: mail.html,
      Kind: mail.kind ?? "email",
    };
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, this.limit);
    return message;
  }

  list(): readonly MailMessage[] {
    return this.messages;
  }

  get(id: string): MailMessage | undefined {
    return id === "latest" ? this.messages[0] : this.messages.find((m) => m.ID === id);
  }

  clear(ids?: readonly string[]): void {
    if (!ids || ids.length === 0) {
      this.messages.length = 0;
      return;
    }
    const remove = new Set(ids);
    const kept = this.messages.filter((m) => !remove.has(m.ID));
    this.messages.length = 0;
    this.messages.push(...kept);
  }
}
