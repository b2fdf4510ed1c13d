import type { Transporter } from "nodemailer";
import type { OutgoingMail } from "./outbox.ts";

/** `[auth.email.smtp]` as the CLI reads it (pkg/config/auth.go `smtp`). */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
  /**
   * Check the server's TLS certificate (production mode). Off by default: local SMTP catchers and
   * test servers have self-signed ones.
   */
  verifyCertificate?: boolean;
}

/**
 * Reads `[auth.email.smtp]` from the config; undefined when absent, disabled or without a host
 * (then mail only reaches the local mailbox, as with the CLI's Inbucket/Mailpit).
 * @example const smtp = smtpSettingsFromConfig(config);
 */
export function smtpSettingsFromConfig(config: unknown): SmtpSettings | undefined {
  const smtp = (config as { auth?: { email?: { smtp?: Record<string, unknown> } } }).auth?.email?.smtp;
  if (!smtp || smtp.enabled === false || typeof smtp.host !== "string" || smtp.host === "") return undefined;
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  return {
    host: smtp.host,
    port: Number(smtp.port ?? 587) || 587,
    user: text(smtp.user),
    pass: text(smtp.pass),
    adminEmail: text(smtp.admin_email) || "admin@email.com",
    senderName: text(smtp.sender_name),
  };
}

/** Sends a message to the configured SMTP server through nodemailer (STARTTLS when offered; TLS on 465). */
export interface SmtpRelay {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpRelay(settings: SmtpSettings): SmtpRelay {
  // nodemailer is loaded with the first message, not at start: most starts send no mail.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.port === 465,
        auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
        tls: { rejectUnauthorized: settings.verifyCertificate === true },
      }),
    ));
  return {
    async send(mail) {
      await (
        await connect()
      ).sendMail({
        from: { name: settings.senderName || mail.from.Name, address: settings.adminEmail },
        to: mail.to.map((to) => (to.Name ? { name: to.Name, address: to.Address } : to.Address)),
        subject: mail.subject,
        text: mail.text,
        html: mail.html || undefined,
      });
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
