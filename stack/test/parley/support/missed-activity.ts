import { expect } from "vitest";
import type { TestStack } from "../../support/test-stack.ts";
import type { Person } from "./people.ts";
import { spareMember, type World } from "./world.ts";

/** The stack has no Vault: the cron job reads the API URL and the service key from the settings row. */
export async function pointEmailJobAtStack(t: TestStack, w: World): Promise<void> {
  const status = t.stack.status();
  await w.sql("update private.missed_activity_settings set project_url = $1, service_role_key = $2", [
    status.API_URL,
    status.SERVICE_ROLE_KEY,
  ]);
}

/** Runs what the cron job runs (the pg_net request to the function) and waits for the function's answer. */
export async function runEmailJob(w: World): Promise<{ sent: number; failed: number }> {
  const [request] = await w.sql<{ id: string }>("select private.request_missed_activity_emails() as id");
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [response] = await w.sql<{ status_code: number; content: string }>(
      "select status_code, content from net._http_response where id = $1",
      [request?.id],
    );
    if (response) {
      expect(response.status_code).toBe(200);
      return JSON.parse(response.content) as { sent: number; failed: number };
    }
    if (Date.now() > deadline) throw new Error("the function did not answer");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A member reading in `locale`, with a handle others can @mention. */
export async function emailRecipient(w: World, label: string, locale = "en"): Promise<Person & { username: string }> {
  const person = await spareMember(w, label);
  const [profile] = await w.sql<{ username: string }>(
    "update public.profiles set locale = $2 where id = $1 returning username",
    [person.id, locale],
  );
  return { ...person, username: profile?.username ?? "" };
}

/** A message by the workspace owner written `minutesAgo` minutes ago. */
export async function postedAgo(w: World, channelId: string, body: string, minutesAgo = 20): Promise<string> {
  const [row] = await w.sql<{ id: string }>(
    `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
     values ($1, $2, $3, $4, now() - make_interval(mins => $5)) returning id`,
    [w.workspaceId, channelId, w.people.owner.id, body, minutesAgo],
  );
  return row?.id ?? "";
}
