import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction as call } from "./support/invoke-function.ts";
import { anonymousClient, clientWithToken, signIn } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { slackArchive, type SlackExport } from "./support/slack-archive.ts";
import { buildWorld, type World } from "./support/world.ts";

// An owner's Slack import must not cross private boundaries (#31): no way into an existing private
// channel or someone else's DM, no message shown as a live member's own, and nobody enrolled in
// the workspace except by accepting an invitation.
let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  for (const actor of ["owner", "admin", "member", "outsider"] as const)
    w.people[actor] = await signIn(t, w.people[actor]);
});
afterAll(() => t?.close());

const user = (id: string, realName: string, email: string) => ({
  id,
  name: realName.toLowerCase().replace(/ /g, "."),
  real_name: realName,
  profile: { real_name: realName, email },
});
const people = () => [
  user("U01OWNER", "The Owner", w.people.owner.email),
  user("U02MEMBER", "The Member", w.people.member.email),
];
const said = (ts: string, slackUser: string, text: string) => ({ type: "message", ts, user: slackUser, text });

async function importExport(contents: SlackExport, client: SupabaseClient = w.people.owner.client) {
  const objectPath = `${w.workspaceId}/${randomUUID()}.zip`;
  const bytes = slackArchive(contents);
  const upload = await client.storage
    .from("workspace-imports")
    .upload(objectPath, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }));
  if (upload.error) throw upload.error;
  const result = await call(client, "import-slack", { workspace_id: w.workspaceId, object_path: objectPath });
  expect(result.status).toBe(200);
  return result.body;
}

const membersOf = async (channelId: string) =>
  (
    await w.sql<{ user_id: string }>(
      "select user_id from public.channel_members where channel_id = $1 order by user_id",
      [channelId],
    )
  ).map((row) => row.user_id);

describe("import-slack keeps out of conversations the owner is not in", () => {
  it("never joins an existing private channel named in groups.json, nor writes into it", async () => {
    // A private channel the member made, which the owner is not in.
    const hideout = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "hideout",
      is_private: true,
      created_by: w.people.member.id,
    });
    const before = await membersOf(hideout.id);
    expect(before).toEqual([w.people.member.id]);
    await importExport({
      users: people(),
      channels: [],
      groups: [{ id: "G01SECRET", name: "hideout", members: ["U01OWNER", "U02MEMBER"] }],
      days: { hideout: { "2024-02-01": [said("1706800000.000100", "U02MEMBER", "planted in secret")] } },
    });
    expect(await membersOf(hideout.id)).toEqual(before);
    const { data: readable } = await w.people.owner.client.from("messages").select("id").eq("channel_id", hideout.id);
    expect(readable).toEqual([]);
    expect(
      await w.sql("select 1 from public.messages where channel_id = $1 and import_key is not null", [hideout.id]),
    ).toHaveLength(0);
    // The group became a private channel of its own, under a free name.
    const { data: own } = await w.people.owner.client
      .from("channels")
      .select("name, is_private, messages(body)")
      .eq("workspace_id", w.workspaceId)
      .eq("name", "hideout-slack")
      .single();
    expect(own).toEqual({ name: "hideout-slack", is_private: true, messages: [{ body: "planted in secret" }] });
  });

  it("never adds anyone to a DM whose dm-<id> name a Slack channel carries", async () => {
    const opened = await w.people.admin.client.rpc("open_direct_conversation", {
      workspace_id: w.workspaceId,
      member_ids: [w.people.member.id],
    });
    expect(opened.error).toBeNull();
    const dmId = opened.data as string;
    const [dm] = await w.sql<{ name: string }>("select name from public.channels where id = $1", [dmId]);
    const before = await membersOf(dmId);
    await importExport({
      users: people(),
      channels: [{ id: "C07DM", name: dm?.name, members: ["U01OWNER", "U02MEMBER"] }],
      days: { [dm?.name ?? ""]: { "2024-02-02": [said("1706900000.000100", "U01OWNER", "into your DM")] } },
    });
    expect(await membersOf(dmId)).toEqual(before);
    expect(
      await w.sql("select 1 from public.messages where channel_id = $1 and import_key is not null", [dmId]),
    ).toHaveLength(0);
  });
});

describe("import-slack never writes as a live member", () => {
  it("shows a member's Slack message as imported, with no author the member could be taken for", async () => {
    await importExport({
      users: people(),
      channels: [{ id: "C08TOWN", name: "townhall", members: ["U01OWNER", "U02MEMBER"] }],
      days: { townhall: { "2024-02-03": [said("1707000000.000100", "U02MEMBER", "I resign, effective today")] } },
    });
    const [row] = await w.sql<{ id: string; author_id: string | null; imported_author_name: string | null }>(
      "select id, author_id, imported_author_name from public.messages where import_key = 'slack:C08TOWN:1707000000.000100'",
    );
    expect(row).toMatchObject({ author_id: null, imported_author_name: "The Member" });
    // Not the member's own: they cannot edit it, and nobody reads it as theirs.
    const edited = await w.people.member.client
      .from("messages")
      .update({ body: "edited" })
      .eq("id", row?.id)
      .select("id");
    expect(edited.data ?? []).toEqual([]);
    const { data: byMember } = await w.people.owner.client
      .from("messages")
      .select("id")
      .eq("author_id", w.people.member.id)
      .eq("id", row?.id);
    expect(byMember).toEqual([]);
  });
});

describe("import-slack placeholders", () => {
  const email = `newcomer-${randomUUID().slice(0, 8)}@example.test`;
  const password = "correct-horse-battery";

  it("creates no account for someone named by email, and shows them to admins as waiting", async () => {
    await importExport({
      users: [...people(), user("U09NEW", "The Newcomer", email)],
      channels: [{ id: "C09WELCOME", name: "welcome", members: ["U01OWNER", "U09NEW"] }],
      days: { welcome: { "2024-02-04": [said("1707100000.000100", "U09NEW", "hello from before")] } },
    });
    expect(await w.sql("select 1 from auth.users where lower(email) = $1", [email])).toHaveLength(0);
    const { data: waiting } = await w.people.owner.client
      .from("import_placeholders")
      .select("email, display_name")
      .eq("workspace_id", w.workspaceId)
      .eq("email", email);
    expect(waiting).toEqual([{ email, display_name: "The Newcomer" }]);
  });

  it("does not enrol the person when they sign up with that email", async () => {
    const signUp = await anonymousClient(t).auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    await w.sql("update auth.users set email_confirmed_at = now() where lower(email) = $1", [email]);
    const { data, error } = await anonymousClient(t).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const newcomer = clientWithToken(t, data.session?.access_token ?? "");
    const { data: workspaces } = await newcomer.from("workspaces").select("id").eq("id", w.workspaceId);
    expect(workspaces).toEqual([]);
    expect(
      await w.sql("select 1 from public.workspace_members where workspace_id = $1 and user_id = $2", [
        w.workspaceId,
        data.user?.id,
      ]),
    ).toHaveLength(0);
  });

  it("joins the person to the imported channels they were in when they accept an invitation", async () => {
    const token = `t-${randomUUID()}`;
    await w.sql(
      `insert into public.invitations (workspace_id, email, token_hash, invited_by, expires_at)
       values ($1, $2, encode(extensions.digest($3, 'sha256'), 'hex'), $4, now() + interval '1 day')`,
      [w.workspaceId, email, token, w.people.owner.id],
    );
    const { data } = await anonymousClient(t).auth.signInWithPassword({ email, password });
    const newcomer = clientWithToken(t, data.session?.access_token ?? "");
    expect((await call(newcomer, "accept-invite", { token })).status).toBe(200);
    const { data: welcome } = await newcomer
      .from("channels")
      .select("name, messages(body, imported_author_name)")
      .eq("workspace_id", w.workspaceId)
      .eq("name", "welcome")
      .single();
    expect(welcome).toEqual({
      name: "welcome",
      messages: [{ body: "hello from before", imported_author_name: "The Newcomer" }],
    });
    expect(
      await membersOf(
        (await w.sql<{ id: string }>("select id from public.channels where name = 'welcome'"))[0]?.id ?? "",
      ),
    ).toContain(data.user?.id);
    expect(
      await w.sql("select 1 from public.import_placeholders where workspace_id = $1 and email = $2", [
        w.workspaceId,
        email,
      ]),
    ).toHaveLength(0);
  });
});

describe("import_placeholders: who may do what (only import-slack writes)", () => {
  //   action    owner admin member outsider anon
  const MATRIX = `
      select    ✓     ✓     ✗      ✗        ✗
      insert    ✗     ✗     ✗      ✗        ✗
      update    ✗     ✗     ✗      ✗        ✗
      delete    ✗     ✗     ✗      ✗        ✗
  `;
  const actors = ["owner", "admin", "member", "outsider", "anon"] as const;
  const cases = MATRIX.trim()
    .split("\n")
    .flatMap((line) => {
      const [action, ...marks] = line.trim().split(/\s+/);
      return actors.map((actor, i) => [actor, action ?? "", marks[i] === "✓"] as const);
    });
  it.each(cases)("%s may %s: %s", async (actor, action, allowed) => {
    const email = `waiting-${randomUUID().slice(0, 8)}@example.test`;
    const row = () =>
      w.sql<{ display_name: string }>(
        "select display_name from public.import_placeholders where workspace_id = $1 and email = $2",
        [w.workspaceId, email],
      );
    const table = () => w.client(actor).from("import_placeholders");
    if (action === "insert") {
      await table().insert({ workspace_id: w.workspaceId, email, display_name: "Forged" });
      expect((await row()).length === 1).toBe(allowed);
      return;
    }
    await w.sql(
      "insert into public.import_placeholders (workspace_id, email, display_name, created_by) values ($1, $2, 'Waiting', $3)",
      [w.workspaceId, email, w.people.owner.id],
    );
    if (action === "select") {
      const { data } = await table().select("email").eq("email", email);
      expect((data ?? []).length === 1).toBe(allowed);
    } else if (action === "update") {
      await table().update({ display_name: "Changed" }).eq("email", email);
      expect((await row())[0]?.display_name === "Changed").toBe(allowed);
    } else {
      await table().delete().eq("email", email);
      expect((await row()).length === 0).toBe(allowed);
    }
  });
});

describe("what earlier imports left behind (migration 20261208120100)", () => {
  const migration = new URL(
    "../../../supabase/migrations/20261208120100_slack_import_earlier_data.sql",
    import.meta.url,
  );

  it("un-credits imported messages and turns unclaimed placeholder accounts into placeholders", async () => {
    const placeholderId = randomUUID();
    const email = `old-placeholder-${placeholderId.slice(0, 8)}@example.test`;
    await w.sql(
      `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
         '{"placeholder": true, "imported_from": "slack"}', '{"display_name": "Old Placeholder"}', now(), now())`,
      [placeholderId, email],
    );
    await w.insert("workspace_members", { workspace_id: w.workspaceId, user_id: placeholderId, role: "member" });
    await w.insert("channel_members", { channel_id: w.publicChannelId, user_id: placeholderId });
    const asMember = await w.insert<{ id: string }>("messages", {
      workspace_id: w.workspaceId,
      channel_id: w.publicChannelId,
      author_id: w.people.member.id,
      body: "credited to the member by an old import",
      import_key: "slack:COLD:1.000001",
    });
    const asPlaceholder = await w.insert<{ id: string }>("messages", {
      workspace_id: w.workspaceId,
      channel_id: w.publicChannelId,
      author_id: placeholderId,
      body: "by the placeholder",
      import_key: "slack:COLD:1.000002",
    });
    const sql = await readFile(migration, "utf8");
    await w.sql(sql);
    await w.sql(sql);

    const messages = await w.sql<{ id: string; author_id: string | null; imported_author_name: string }>(
      "select id, author_id, imported_author_name from public.messages where id in ($1, $2) order by import_key",
      [asMember.id, asPlaceholder.id],
    );
    const [{ display_name: memberName } = { display_name: "" }] = await w.sql<{ display_name: string }>(
      "select display_name from public.profiles where id = $1",
      [w.people.member.id],
    );
    expect(messages).toEqual([
      { id: asMember.id, author_id: null, imported_author_name: memberName },
      { id: asPlaceholder.id, author_id: null, imported_author_name: "Old Placeholder" },
    ]);
    expect(await w.sql("select 1 from auth.users where id = $1", [placeholderId])).toHaveLength(0);
    expect(
      await w.sql(
        "select display_name, channel_ids from public.import_placeholders where workspace_id = $1 and email = $2",
        [w.workspaceId, email],
      ),
    ).toEqual([{ display_name: "Old Placeholder", channel_ids: [w.publicChannelId] }]);
  });
});
