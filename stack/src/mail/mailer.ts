import type { Logger } from "pino";
import type { MailMessage, OutgoingMail, Outbox } from "./outbox.ts";
import { createSmtpRelay, type SmtpSettings } from "./smtp-relay.ts";

/** What services send auth mail through (ServiceDeps.mailer). */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailMessage>;
  close(): void;
}

/**
 * Every message goes to the mailbox; email also goes to SMTP when `[auth.email.smtp]` is set
 * (SMS never: the stack has no SMS provider). An SMTP failure fails the send, as GoTrue's does.
 * @example const mailer = createMailer({ outbox, smtp: smtpSettingsFromConfig(config), logger });
 */
export function createMailer(options: { outbox: Outbox; smtp?: SmtpSettings; logger: Logger }): Mailer {
  const relay = options.smtp ? createSmtpRelay(options.smtp) : undefined;
  return {
    async send(mail) {
      const message = options.outbox.add(mail);
      if (relay && (mail.kind ?? "email") === "email") {
        try {
          await relay.send(mail);
        } catch (error) {
          options.logger.error({ err: error, to: mail.to.map((t) => t.Address) }, "mail: SMTP delivery failed");
          throw error;
        }
      }
      return message;
    },
    close: () => relay?.close(),
  };
}
