// POST /functions/v1/missed-activity-email  (called every minute by the pg_cron job of migration
// *_missed_activity_email.sql, with the service role key)
//
// Claims the mentions and DMs that stayed unread past the delay for people who are not online
// (claim_missed_activity records them as sent, at most one email per person per hour) and sends each
// person one email in their language, through Resend's HTTP API (RESEND_API_KEY, EMAIL_FROM: hosted
// Supabase) or the local mailbox (PARLEY_MAIL_API_URL: Parley Stack), see _shared/mail/send-mail.ts.
// A claimed email whose sending fails is logged, counted in `failed` and released
// (release_missed_activity), so the next run sends it again.
// 200 {sent, failed}; 401 not_authenticated for any other caller.
import { adminClient } from "../_shared/clients.ts";
import { FunctionError, json, postHandler } from "../_shared/http.ts";
import { mailProblem, sendMail } from "../_shared/mail/send-mail.ts";
import { isServiceRole } from "../_shared/service-role.ts";
import { signUnsubscribeToken } from "../_shared/unsubscribe-token.ts";
import { type MissedMessage, renderMissedEmail } from "./render-email.ts";

/** Hands a failed email's claim back, so the next run retries it; a failure here is only logged. */
async function releaseClaim(messages: readonly MissedMessage[]): Promise<void> {
  const person = messages[0] as MissedMessage;
  const { error } = await adminClient().rpc("release_missed_activity", {
    person: person.user_id,
    message_ids: messages.map((message) => message.message_id),
  });
  if (error) console.error(`release_missed_activity failed: ${error.message}`);
}

function byPerson(rows: readonly MissedMessage[]): MissedMessage[][] {
  const people = new Map<string, MissedMessage[]>();
  for (const row of rows) people.set(row.user_id, [...(people.get(row.user_id) ?? []), row]);
  return [...people.values()];
}

Deno.serve(
  postHandler(async (req) => {
    if (!(await isServiceRole(req))) throw new FunctionError("not_authenticated", "Only the scheduler calls this.");
    const problem = mailProblem();
    if (problem) return json({ sent: 0, failed: 0, skipped: problem });
    const { data, error } = await adminClient().rpc("claim_missed_activity");
    if (error) throw new Error(`claim_missed_activity failed: ${error.message}`);
    const appUrl = Deno.env.get("PARLEY_APP_URL") ?? "http://127.0.0.1:5173";
    const functionsUrl = `${Deno.env.get("SUPABASE_URL")}/functions/v1/missed-activity-unsubscribe`;
    let sent = 0;
    let failed = 0;
    for (const messages of byPerson((data ?? []) as MissedMessage[])) {
      const person = messages[0] as MissedMessage;
      const unsubscribe = new URL(functionsUrl);
      unsubscribe.searchParams.set("token", await signUnsubscribeToken(person.user_id));
      try {
        await sendMail(renderMissedEmail(messages, appUrl, unsubscribe.toString()));
        sent += 1;
      } catch (cause) {
        console.error(cause);
        await releaseClaim(messages);
        failed += 1;
      }
    }
    return json({ sent, failed });
  }),
);
