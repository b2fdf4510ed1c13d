import type { Context } from "hono";
import { z } from "zod";
import type { Outbox } from "./outbox.ts";

const addressSchema = z.object({ Email: z.string().email().max(320), Name: z.string().max(200).default("") });

/** The body of Mailpit's `POST /api/v1/send` (the fields the stack keeps). */
const sendSchema = z.object({
  From: addressSchema,
  To: z.array(addressSchema).min(1).max(50),
  Subject: z.string().max(998),
  Text: z.string().max(1_000_000).default(""),
  HTML: z.string().max(1_000_000).default(""),
});

/**
 * Mailpit's send endpoint: a message handed over as JSON lands in the mailbox (never relayed to
 * SMTP). Edge functions use it to deliver their own mail locally. 200 `{ID}`; a bad body is 400
 * with a text message, as Mailpit answers.
 */
export async function sendToMailbox(c: Context, outbox: Outbox): Promise<Response> {
  const parsed = sendSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return c.text(`invalid message: ${parsed.error.issues[0]?.message ?? "bad JSON"}`, 400);
  const mail = parsed.data;
  const stored = outbox.add({
    from: { Name: mail.From.Name, Address: mail.From.Email },
    to: mail.To.map((to) => ({ Name: to.Name, Address: to.Email })),
    subject: mail.Subject,
    text: mail.Text,
    html: mail.HTML,
  });
  return c.json({ ID: stored.ID });
}
