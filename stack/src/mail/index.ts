import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import type { Server } from "node:http";
import { mailboxApi } from "./mailbox-api.ts";
import { renderMailboxList, renderMailboxMessage } from "./mailbox-page.ts";
import type { Outbox } from "./outbox.ts";

export { Outbox, type MailAddress, type MailMessage, type OutgoingMail } from "./outbox.ts";
export { createMailer, type Mailer } from "./mailer.ts";
export { smtpSettingsFromConfig, type SmtpSettings } from "./smtp-relay.ts";

/** The mailbox on the `[inbucket] port`: a page to read mail and a Mailpit-shaped JSON API. */
export function createMailboxServer(outbox: Outbox): Server {
  const app = new Hono();
  app.route("/api/v1", mailboxApi(outbox));
  app.get("/", (c) => c.html(renderMailboxList(outbox.list())));
  app.get("/view/:id", (c) => {
    const message = outbox.get(c.req.param("id"));
    return message ? c.html(renderMailboxMessage(message)) : c.notFound();
  });
  return createAdaptorServer({ fetch: app.fetch }) as Server;
}
