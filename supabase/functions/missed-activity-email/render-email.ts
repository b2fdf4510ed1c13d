// One person's missed-activity email: their messages grouped by conversation, with a link to each
// message in the app and the signed unsubscribe link.
import type { Mail } from "../_shared/mail/send-mail.ts";
import { textFor } from "./email-text.ts";

/** A row of claim_missed_activity(). */
export interface MissedMessage {
  user_id: string;
  email: string;
  locale: string;
  display_name: string;
  workspace_slug: string;
  workspace_name: string;
  channel_id: string;
  channel_name: string | null;
  channel_kind: string;
  message_id: string;
  author_name: string;
  body: string;
  created_at: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function groupByConversation(messages: readonly MissedMessage[]): MissedMessage[][] {
  const groups = new Map<string, MissedMessage[]>();
  for (const message of messages) groups.set(message.channel_id, [...(groups.get(message.channel_id) ?? []), message]);
  return [...groups.values()];
}

export function renderMissedEmail(messages: readonly MissedMessage[], appUrl: string, unsubscribeUrl: string): Mail {
  const first = messages[0];
  if (!first) throw new Error("no messages to email");
  const { locale, text } = textFor(first.locale);
  const messageUrl = (m: MissedMessage) => {
    const url = new URL(`/${locale}/w/${encodeURIComponent(m.workspace_slug)}/c/${m.channel_id}`, appUrl);
    url.searchParams.set("message", m.message_id);
    return url.toString();
  };
  const title = (group: MissedMessage[]) => {
    const head = group[0] as MissedMessage;
    if (head.channel_kind !== "direct") return `#${head.channel_name ?? ""}`;
    return text.directMessage([...new Set(group.map((m) => m.author_name))].join(", "));
  };
  const groups = groupByConversation(messages);
  const plain = [
    text.greeting(first.display_name),
    "",
    text.intro(messages.length),
    ...groups.flatMap((group) => [
      "",
      title(group),
      ...group.map((m) => `- ${m.author_name}: ${m.body}\n  ${text.openMessage}: ${messageUrl(m)}`),
    ]),
    "",
    text.unsubscribeNote,
    `${text.unsubscribe}: ${unsubscribeUrl}`,
  ].join("\n");
  const direction = locale === "ar" ? "rtl" : "ltr";
  const html = [
    `<!doctype html><html lang="${locale}" dir="${direction}"><body>`,
    `<p>${escapeHtml(text.greeting(first.display_name))}</p>`,
    `<p>${escapeHtml(text.intro(messages.length))}</p>`,
    ...groups.map(
      (group) =>
        `<h2>${escapeHtml(title(group))}</h2><ul>` +
        group
          .map(
            (m) =>
              `<li><strong>${escapeHtml(m.author_name)}</strong>: ${escapeHtml(m.body)} ` +
              `<a href="${escapeHtml(messageUrl(m))}">${escapeHtml(text.openMessage)}</a></li>`,
          )
          .join("") +
        "</ul>",
    ),
    `<p><small>${escapeHtml(text.unsubscribeNote)} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(text.unsubscribe)}</a></small></p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: { email: first.email, name: first.display_name },
    subject: text.subject(messages.length, first.workspace_name),
    text: plain,
    html,
  };
}
