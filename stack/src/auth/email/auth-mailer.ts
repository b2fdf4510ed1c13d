import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { ServiceDeps } from "../../gateway/index.ts";
import type { AuthSettings } from "../config/settings.ts";
import { DEFAULT_TEMPLATES, type TemplateKind } from "./default-templates.ts";
import { htmlToText, renderTemplate, type TemplateData } from "./render-template.ts";

/** Sends auth email and SMS through the stack's mailer (mailbox, and SMTP when configured). */
export interface AuthMailer {
  sendEmail(kind: TemplateKind, to: string, data: TemplateData): Promise<void>;
  /** `template` defaults to `[auth.sms] template`; MFA challenges pass `[auth.mfa.phone] template`. */
  sendSms(phone: string, code: string, template?: string): Promise<void>;
}

/** `[auth.email.template.<kind>] content_path`: relative to `supabase/` (else the project folder). */
async function readCustomBody(workdir: string, contentPath: string, logger: Logger): Promise<string | undefined> {
  const candidates = path.isAbsolute(contentPath)
    ? [contentPath]
    : [path.resolve(workdir, "supabase", contentPath), path.resolve(workdir, contentPath)];
  for (const file of candidates) {
    try {
      return await readFile(file, "utf8");
    } catch {
      // try the next candidate
    }
  }
  logger.warn({ contentPath }, "auth email template not readable; using the built-in one");
  return undefined;
}

/**
 * The mailer auth uses: renders the configured or built-in template with GoTrue's variables and
 * hands the message to the stack's mailer. SMS go to the same mailbox, tagged `sms`.
 * @example await mailer.sendEmail("confirmation", "a@example.com", { ConfirmationURL, Token, … });
 */
export function createAuthMailer(
  deps: Pick<ServiceDeps, "mailer" | "workdir" | "logger">,
  settings: () => AuthSettings,
): AuthMailer {
  return {
    async sendEmail(kind, to, data) {
      const configured = settings().email.template[kind];
      const body =
        (configured?.content_path
          ? await readCustomBody(deps.workdir, configured.content_path, deps.logger)
          : undefined) ?? DEFAULT_TEMPLATES[kind].body;
      const subject = configured?.subject || DEFAULT_TEMPLATES[kind].subject;
      const html = renderTemplate(body, data, true);
      const smtp = settings().email.smtp;
      const fromAddress = smtp?.enabled && smtp.admin_email ? smtp.admin_email : "admin@email.com";
      await deps.mailer.send({
        from: { Name: smtp?.sender_name ?? "", Address: fromAddress },
        to: [{ Name: "", Address: to }],
        subject: renderTemplate(subject, data, false),
        html,
        text: htmlToText(html),
        kind: "email",
      });
    },
    async sendSms(phone, code, template) {
      const message = renderTemplate(template ?? settings().sms.template, { Code: code }, false);
      await deps.mailer.send({
        from: { Name: "SMS", Address: "sms@parley-stack" },
        to: [{ Name: "", Address: `+${phone}` }],
        subject: `SMS to +${phone}`,
        text: message,
        html: "",
        kind: "sms",
      });
    },
  };
}
