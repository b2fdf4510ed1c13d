// [auth.email]: templates, notifications and SMTP, as `email.validate` in the CLI's
// pkg/config/config.go.
import type { BaseConfig } from "../schema/config.ts";
import { formatKeyPath } from "../tables.ts";
import type { Findings } from "./findings.ts";

export async function checkAuthEmail(config: BaseConfig, findings: Findings): Promise<void> {
  const { email } = config.auth;
  for (const [name, template] of Object.entries(email.template)) {
    await checkTemplate(formatKeyPath(["auth", "email", "template", name]), template, findings);
  }
  for (const [name, notification] of Object.entries(email.notification)) {
    if (notification.enabled) {
      await checkTemplate(formatKeyPath(["auth", "email", "notification", name]), notification, findings);
    }
  }
  const { smtp } = email;
  if (smtp?.enabled) {
    const when = "auth.email.smtp is enabled";
    findings.required("auth.email.smtp.host", smtp.host, when);
    findings.required("auth.email.smtp.port", smtp.port, when);
    findings.required("auth.email.smtp.user", smtp.user, when);
    if (findings.required("auth.email.smtp.pass", smtp.pass, when))
      findings.unsetEnv("auth.email.smtp.pass", smtp.pass);
    findings.required("auth.email.smtp.admin_email", smtp.admin_email, when);
  }
}

async function checkTemplate(
  key: string,
  template: { content?: string | undefined; content_path: string },
  findings: Findings,
): Promise<void> {
  if (template.content_path !== "") {
    await findings.readable(`${key}.content_path`, template.content_path);
  } else if (template.content !== undefined) {
    findings.error(`${key}.content`, "is not supported: put the HTML in a file and set content_path instead");
  }
}
