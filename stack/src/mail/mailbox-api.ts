import { Hono } from "hono";
import { z } from "zod";
import { sendToMailbox } from "./mailbox-send.ts";
import type { MailMessage, Outbox } from "./outbox.ts";

const snippet = (m: MailMessage) => m.Text.replace(/\s+/g, " ").trim().slice(0, 250);

function summary(m: MailMessage) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: false,
    From: m.From,
    To: m.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: m.Subject,
    Created: m.Created,
    Tags: m.Kind === "sms" ? ["sms"] : [],
    Size: Buffer.byteLength(m.Text) + Buffer.byteLength(m.HTML),
    Attachments: 0,
    Snippet: snippet(m),
  };
}

function page(all: readonly MailMessage[], start: number, limit: number, total: number) {
  const messages = all.slice(start, start + limit).map(summary);
  return { total, unread: total, count: messages.length, messages_count: all.length, start, tags: [], messages };
}

const pagingSchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

/** Matches Mailpit's simple search: every word must appear in from, to, subject or body. */
function matches(m: MailMessage, query: string): boolean {
  const haystack = [m.From.Address, ...m.To.map((t) => t.Address), m.Subject, m.Text].join("\n").toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== "")
    .every((word) => haystack.includes(word.replace(/^(to|from|subject):/, "").replace(/^"|"$/g, "")));
}

/** The JSON API shaped like Mailpit's `/api/v1`, so existing tooling and tests can read the mailbox. */
export function mailboxApi(outbox: Outbox): Hono {
  const api = new Hono();
  api.get("/messages", (c) => {
    const paging = pagingSchema.safeParse(c.req.query());
    if (!paging.success) return c.json({ error: "invalid paging" }, 400);
    const all = outbox.list();
    return c.json(page(all, paging.data.start, paging.data.limit, all.length));
  });
  api.delete("/messages", async (c) => {
    const body = z.object({ IDs: z.array(z.string()).optional() }).safeParse(await c.req.json().catch(() => ({})));
    outbox.clear(body.success ? body.data.IDs : undefined);
    return c.text("ok");
  });
  api.get("/search", (c) => {
    const query = c.req.query("query") ?? "";
    const paging = pagingSchema.safeParse(c.req.query());
    if (!paging.success) return c.json({ error: "invalid paging" }, 400);
    const found = outbox.list().filter((m) => matches(m, query));
    return c.json(page(found, paging.data.start, paging.data.limit, found.length));
  });
  api.get("/message/:id", (c) => {
    const m = outbox.get(c.req.param("id"));
    if (!m) return c.text("message not found", 404);
    return c.json({
      ...summary(m),
      Date: m.Created,
      Text: m.Text,
      HTML: m.HTML,
      Attachments: [],
      Inline: [],
      Headers: {},
    });
  });
  api.post("/send", (c) => sendToMailbox(c, outbox));
  return api;
}
