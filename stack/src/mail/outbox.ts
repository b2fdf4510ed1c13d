import { randomUUID } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../gateway/index.ts";

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

/**
 * Where auth emails and SMS go; the mailbox serves them. Newest first, bounded. With a file, every
 * change is written there (atomically) so a restarted stack keeps its mail.
 */
export class Outbox {
  private readonly messages: MailMessage[] = [];
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly limit = 1000,
    private readonly file?: string,
  ) {}

  /**
   * An outbox persisted to `file` (created on first write), loaded with the mail it already holds.
   * @example const outbox = await Outbox.open(path.join(dataDir, "mailbox.json"));
   */
  static async open(file: string, limit = 1000): Promise<Outbox> {
    const outbox = new Outbox(limit, file);
    try {
      const saved = JSON.parse(await readFile(file, "utf8")) as { messages?: MailMessage[] };
      outbox.messages.push(...(saved.messages ?? []).slice(0, limit));
    } catch {
      // no mailbox yet, or unreadable: start empty
    }
    return outbox;
  }

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
    this.persist();
    return message;
  }

  list(): readonly MailMessage[] {
    return this.messages;
  }

  get(id: string): MailMessage | undefined {
    return id === "latest" ? this.messages[0] : this.messages.find((m) => m.ID === id);
  }

  clear(ids?: readonly string[]): void {
    const remove = ids && ids.length > 0 ? new Set(ids) : undefined;
    const kept = remove ? this.messages.filter((m) => !remove.has(m.ID)) : [];
    this.messages.length = 0;
    this.messages.push(...kept);
    this.persist();
  }

  /** Resolves once every change so far is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private persist(): void {
    const file = this.file;
    if (!file) return;
    const snapshot = JSON.stringify({ messages: this.messages });
    this.writing = this.writing
      .then(async () => {
        await makePrivateDir(path.dirname(file));
        const temporary = `${file}.${process.pid}.tmp`;
        // the mailbox holds live magic-link and recovery tokens
        await writeFile(temporary, snapshot, { mode: PRIVATE_FILE_MODE });
        await rename(temporary, file);
      })
      .catch(() => undefined);
  }
}
