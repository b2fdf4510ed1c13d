import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countMail } from "../auth/support/mailbox.ts";
import type { TestStack } from "../support/test-stack.ts";
import { type FakeResend, startFakeResend } from "./support/fake-resend.ts";
import { emailRecipient, pointEmailJobAtStack, postedAgo, runEmailJob } from "./support/missed-activity.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, type World } from "./support/world.ts";

// Hosted Supabase's edge functions cannot speak SMTP, so there the function sends through Resend's
// HTTP API; here a local server plays Resend (RESEND_API_URL) and records what it was asked.
const API_KEY = "re_test_parley_missed_activity";
const FROM = "Parley <parley@mail.example.com>";

let t: TestStack;
let w: World;
let resend: FakeResend;
let mailbox: string;
beforeAll(async () => {
  resend = await startFakeResend();
  t = await startParleyStack();
  w = await buildWorld(t);
  mailbox = t.stack.status().INBUCKET_URL;
  // The mailbox is configured too: RESEND_API_KEY wins, so nothing may land there.
  await writeFile(
    path.join(t.project.workdir, "supabase", "functions", ".env"),
    [
      `RESEND_API_KEY=${API_KEY}`,
      `RESEND_API_URL=${resend.url}`,
      `EMAIL_FROM=${FROM}`,
      `PARLEY_MAIL_API_URL=${mailbox}`,
      "PARLEY_APP_URL=http://app.parley.test",
    ].join("\n"),
  );
  await pointEmailJobAtStack(t, w);
  await w.sql("update private.missed_activity_settings set delay = '1 minute'");
  // The world's own messages (DMs among its people) are due too: send them first, so each test sees only its own.
  await runEmailJob(w);
  resend.requests.length = 0;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await resend?.close();
});

const sentTo = (address: string) => resend.requests.filter((request) => request.body.to.includes(address));

describe("the missed-activity email through Resend", () => {
  it("posts one email per person to Resend's API with the key, the sender and the person's language", async () => {
    const ben = await emailRecipient(w, "ben", "de");
    const aiko = await emailRecipient(w, "aiko", "ja");
    await postedAgo(w, w.publicChannelId, `@${ben.username} kannst du das prüfen?`);
    await postedAgo(w, w.publicChannelId, `@${ben.username} und das hier?`);
    await postedAgo(w, w.publicChannelId, `@${aiko.username} 確認してください`);

    expect(await runEmailJob(w)).toEqual({ sent: 2, failed: 0 });

    const [toBen] = sentTo(ben.email);
    expect(sentTo(ben.email)).toHaveLength(1);
    expect(toBen?.path).toBe("/emails");
    expect(toBen?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(toBen?.headers["content-type"]).toBe("application/json");
    expect(toBen?.body).toMatchObject({
      from: FROM,
      to: [ben.email],
      subject: "Du hast 2 Nachrichten in Policy test verpasst",
    });
    expect(toBen?.body.text).toContain("kannst du das prüfen?");
    expect(toBen?.body.text).toContain("und das hier?");
    expect(toBen?.body.html).toContain('<html lang="de"');
    expect(toBen?.body.html).toContain("kannst du das prüfen?");

    const [toAiko] = sentTo(aiko.email);
    expect(sentTo(aiko.email)).toHaveLength(1);
    expect(toAiko?.body.subject).toMatch(/1 件/);
    expect(toAiko?.body.html).toContain('<html lang="ja"');

    expect(await countMail(mailbox, ben.email)).toBe(0);
  });

  it("counts an email Resend refuses as failed, still sends everyone else's, and retries it next run", async () => {
    const cleo = await emailRecipient(w, "cleo", "fr");
    const dana = await emailRecipient(w, "dana");
    resend.refuse.add(cleo.email);
    await postedAgo(w, w.publicChannelId, `@${cleo.username} regarde ça`);
    await postedAgo(w, w.publicChannelId, `@${dana.username} look at this`);

    expect(await runEmailJob(w)).toEqual({ sent: 1, failed: 1 });
    expect(sentTo(cleo.email)).toHaveLength(1);
    expect(sentTo(dana.email)).toHaveLength(1);

    resend.refuse.delete(cleo.email);
    expect(await runEmailJob(w)).toEqual({ sent: 1, failed: 0 });
    expect(sentTo(cleo.email)).toHaveLength(2);
    expect(sentTo(dana.email)).toHaveLength(1);
  });

  it("sends a refused email on the next run, once, and then nothing more", async () => {
    const finn = await emailRecipient(w, "finn", "es");
    resend.refuseOnce.add(finn.email);
    await postedAgo(w, w.publicChannelId, `@${finn.username} mira esto`);

    expect(await runEmailJob(w)).toEqual({ sent: 0, failed: 1 });
    expect(await runEmailJob(w)).toEqual({ sent: 1, failed: 0 });
    const [refused, accepted] = sentTo(finn.email);
    expect(sentTo(finn.email)).toHaveLength(2);
    expect(accepted?.body.text).toContain("mira esto");
    expect(accepted?.body.subject).toBe(refused?.body.subject);

    expect(await runEmailJob(w)).toEqual({ sent: 0, failed: 0 });
    expect(sentTo(finn.email)).toHaveLength(2);
  });

  it("retries a refused later email with only what is new, and keeps the hourly limit after it is sent", async () => {
    const gus = await emailRecipient(w, "gus");
    await postedAgo(w, w.publicChannelId, `@${gus.username} first`);
    expect(await runEmailJob(w)).toEqual({ sent: 1, failed: 0 });
    await w.sql(
      "update private.missed_activity_emails set sent_at = now() - interval '61 minutes' where user_id = $1",
      [gus.id],
    );
    await postedAgo(w, w.publicChannelId, `@${gus.username} second`, 10);
    resend.refuseOnce.add(gus.email);

    expect(await runEmailJob(w)).toEqual({ sent: 0, failed: 1 });
    expect(await runEmailJob(w)).toEqual({ sent: 1, failed: 0 });
    const retried = sentTo(gus.email).at(-1);
    expect(sentTo(gus.email)).toHaveLength(3);
    expect(retried?.body.text).toContain("second");
    expect(retried?.body.text).not.toContain("first");

    await postedAgo(w, w.publicChannelId, `@${gus.username} third`, 5);
    expect(await runEmailJob(w)).toEqual({ sent: 0, failed: 0 });
  });

  it("lets only the service role release a claim", async () => {
    const { error } = await w.people.member.client.rpc("release_missed_activity", {
      person: w.people.member.id,
      message_ids: [],
    });
    expect(error?.code).toBe("42501");
  });
});
