import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMail, waitForMail } from "../auth/support/mailbox.ts";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction } from "./support/invoke-function.ts";
import { applyLocalBackendSettings } from "../../../scripts/local-backend-settings.js";
import { emailRecipient, postedAgo, runEmailJob } from "./support/missed-activity.ts";
import { anonymousClient, type Person } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, type World } from "./support/world.ts";

const APP_URL = "http://app.parley.test";

let t: TestStack;
let w: World;
let mailbox: string;
let slug: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  const status = t.stack.status();
  mailbox = status.INBUCKET_URL;
  // What `npm start` does: the API's URL and key for the job, the mailbox and app URLs for the function.
  await applyLocalBackendSettings(t.project.workdir, status, APP_URL);
  [{ slug }] = (await w.sql<{ slug: string }>("select slug from public.workspaces where id = $1", [w.workspaceId])) as [
    { slug: string },
  ];
}, 120_000);
afterAll(() => t?.close());

const setDelay = (delay: string) => w.sql("update private.missed_activity_settings set delay = $1::interval", [delay]);

async function directConversationWith(person: Person): Promise<string> {
  const { data, error } = await w.people.owner.client.rpc("open_direct_conversation", {
    workspace_id: w.workspaceId,
    member_ids: [person.id],
  });
  expect(error).toBeNull();
  return data as string;
}

describe("the missed-activity email", () => {
  it("sums up an unread mention and a DM in one email in the person's language, once the delay has passed", async () => {
    const ben = await emailRecipient(w, "ben", "de");
    const mention = await postedAgo(w, w.publicChannelId, `@${ben.username} kannst du das prüfen?`);
    const dm = await postedAgo(w, await directConversationWith(ben), "Hast du kurz Zeit?");

    await setDelay("1 hour");
    await runEmailJob(w);
    expect(await countMail(mailbox, ben.email)).toBe(0);

    await setDelay("1 minute");
    await runEmailJob(w);
    const mail = await waitForMail(mailbox, ben.email);
    expect(mail.Subject).toBe("Du hast 2 Nachrichten in Policy test verpasst");
    expect(mail.Text).toContain("kannst du das prüfen?");
    expect(mail.Text).toContain("Direktnachricht von owner");
    expect(mail.Text).toContain(`${APP_URL}/de/w/${slug}/c/${w.publicChannelId}?message=${mention}`);
    expect(mail.Text).toContain(`?message=${dm}`);
    expect(await countMail(mailbox, ben.email)).toBe(1);
  });

  it("links to unsubscribe without signing in; a forged or altered token is refused", async () => {
    const cleo = await emailRecipient(w, "cleo", "fr");
    const other = await emailRecipient(w, "other");
    await postedAgo(w, w.publicChannelId, `@${cleo.username} regarde ça`);
    await runEmailJob(w);
    const mail = await waitForMail(mailbox, cleo.email);
    const link = new URL(/https?:\S+missed-activity-unsubscribe\?token=\S+/.exec(mail.Text)?.[0] ?? "");
    const token = link.searchParams.get("token") ?? "";

    const forged = new URL(link);
    forged.searchParams.set("token", token.replace(cleo.id, other.id));
    const refused = await fetch(forged);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "invalid_token" } });
    const tampered = new URL(link);
    tampered.searchParams.set("token", `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`);
    expect((await fetch(tampered)).status).toBe(400);

    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Vous ne recevrez plus");
    const [prefs] = await w.sql<{ email_missed: boolean }>(
      "select email_missed from public.notification_preferences where user_id = $1",
      [cleo.id],
    );
    expect(prefs?.email_missed).toBe(false);
    const [untouched] = await w.sql("select 1 from public.notification_preferences where user_id = $1", [other.id]);
    expect(untouched).toBeUndefined();

    await w.sql("update private.missed_activity_emails set sent_at = now() - interval '2 hours' where user_id = $1", [
      cleo.id,
    ]);
    await postedAgo(w, w.publicChannelId, `@${cleo.username} encore une fois`);
    await runEmailJob(w);
    expect(await countMail(mailbox, cleo.email)).toBe(1);
  });

  it("sends at most one email an hour, and the next one only with what is new", async () => {
    const dana = await emailRecipient(w, "dana", "ja");
    await postedAgo(w, w.publicChannelId, `@${dana.username} first`);
    await runEmailJob(w);
    await waitForMail(mailbox, dana.email);
    await postedAgo(w, w.publicChannelId, `@${dana.username} second`, 10);
    await runEmailJob(w);
    expect(await countMail(mailbox, dana.email)).toBe(1);

    await w.sql(
      "update private.missed_activity_emails set sent_at = now() - interval '61 minutes' where user_id = $1",
      [dana.id],
    );
    await runEmailJob(w);
    expect(await countMail(mailbox, dana.email)).toBe(2);
    const latest = await waitForMail(mailbox, dana.email, { subject: /1 件/ });
    expect(latest.Text).toContain("second");
    expect(latest.Text).not.toContain("first");
  });

  it.each([
    [
      "once the person has read it",
      (p: Person) => p.client.rpc("mark_channel_read", { channel_id: w.publicChannelId }),
    ],
    [
      "in a muted conversation",
      (p: Person) => p.client.from("conversation_preferences").insert({ channel_id: w.publicChannelId, muted: true }),
    ],
    [
      "during the person's quiet hours in their time zone",
      async (p: Person) => {
        const [local] = await w.sql<{ now: string }>("select (now() at time zone 'Asia/Tokyo')::time as now");
        const hour = Number(local?.now.slice(0, 2));
        const at = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
        return p.client
          .from("notification_preferences")
          .insert({ time_zone: "Asia/Tokyo", dnd_start: at(hour - 1), dnd_end: at(hour + 1) });
      },
    ],
    ["while the person is online", (p: Person) => p.client.rpc("record_presence")],
    [
      "when the person asked to hear of nothing",
      (p: Person) => p.client.from("notification_preferences").insert({ notify_on: "nothing" }),
    ],
  ])("sends nothing for an unread mention %s", async (_, arrange) => {
    const eli = await emailRecipient(w, "eli");
    await postedAgo(w, w.publicChannelId, `@${eli.username} are you there?`);
    const { error } = await arrange(eli);
    expect(error).toBeNull();
    await runEmailJob(w);
    expect(await countMail(mailbox, eli.email)).toBe(0);
  });

  it("answers 401 to anyone but the scheduler", async () => {
    const answer = await invokeFunction(w.people.member.client, "missed-activity-email", {});
    expect(answer.status).toBe(401);
    const anonymous = await invokeFunction(anonymousClient(t), "missed-activity-email", {});
    expect(anonymous.status).toBe(401);
  });

  it("is scheduled with pg_cron to call the function every minute", async () => {
    const [job] = await w.sql<{ schedule: string; command: string; active: boolean }>(
      "select schedule, command, active from cron.job where jobname = 'parley-missed-activity-email'",
    );
    expect(job).toEqual({
      schedule: "* * * * *",
      command: "select private.request_missed_activity_emails()",
      active: true,
    });
  });
});
