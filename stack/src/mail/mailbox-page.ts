import type { MailMessage } from "./outbox.ts";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa}
header{padding:1rem 1.5rem;background:#1f2937;color:#fff}main{padding:1rem 1.5rem;max-width:60rem}
table{border-collapse:collapse;width:100%}td,th{text-align:start;padding:.5rem;border-block-end:1px solid #ddd}
a{color:#1d4ed8}iframe{width:100%;min-height:30rem;border:1px solid #ddd;background:#fff}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}td,th{border-color:#333}a{color:#93c5fd}}
</style></head><body><header><strong>Parley Stack mailbox</strong></header><main>${body}</main></body></html>`;

/** The mailbox's list page: every email and SMS the stack sent, newest first. */
export function renderMailboxList(messages: readonly MailMessage[]): string {
  if (messages.length === 0) return layout("Mailbox", "<h1>Mailbox</h1><p>No messages yet.</p>");
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escape(m.Kind === "sms" ? "SMS" : "Email")}</td><td>${escape(m.To.map((t) => t.Address).join(", "))}</td>` +
        `<td><a href="/view/${encodeURIComponent(m.ID)}">${escape(m.Subject || "(no subject)")}</a></td>` +
        `<td><time datetime="${escape(m.Created)}">${escape(m.Created)}</time></td></tr>`,
    )
    .join("");
  return layout(
    "Mailbox",
    `<h1>Mailbox</h1><table><thead><tr><th>Kind</th><th>To</th><th>Subject</th><th>Received</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

/** One message rendered: its HTML in a sandboxed frame, and its text. */
export function renderMailboxMessage(m: MailMessage): string {
  const html = m.HTML ? `<iframe title="Message body" sandbox="" srcdoc="${escape(m.HTML)}"></iframe>` : "";
  return layout(
    m.Subject,
    `<p><a href="/">← All messages</a></p><h1>${escape(m.Subject || "(no subject)")}</h1>` +
      `<p>From ${escape(m.From.Address)} to ${escape(m.To.map((t) => t.Address).join(", "))}</p>${html}<h2>Text</h2><pre>${escape(m.Text)}</pre>`,
  );
}
