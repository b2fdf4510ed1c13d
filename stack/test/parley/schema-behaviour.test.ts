import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../support/client.ts";
import type { TestStack } from "../support/test-stack.ts";
import { createPerson } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, messageBy, spareMember, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
});
afterAll(() => t?.close());

const service = () => testClient(t.url, t.stack.keys.secretKey);

describe("profiles", () => {
  it("are created by the database when the auth service creates a user", async () => {
    const { data, error } = await service().auth.admin.createUser({
      email: "Grace.Hopper@example.test",
      password: "correct-horse-battery",
      email_confirm: true,
      user_metadata: { display_name: "Grace Hopper", locale: "fr" },
    });
    expect(error).toBeNull();
    const [profile] = await w.sql(
      "select email, username::text, display_name, locale from public.profiles where id = $1",
      [data.user?.id],
    );
    expect(profile).toEqual({
      email: "grace.hopper@example.test",
      username: "grace.hopper",
      display_name: "Grace Hopper",
      locale: "fr",
    });
  });

  it("get a free handle when the wanted one is taken", async () => {
    const first = await service().auth.admin.createUser({
      email: "sam@one.test",
      password: "correct-horse-battery",
      email_confirm: true,
    });
    const second = await service().auth.admin.createUser({
      email: "sam@two.test",
      password: "correct-horse-battery",
      email_confirm: true,
    });
    const rows = await w.sql<{ username: string }>(
      "select username::text from public.profiles where id in ($1, $2) order by created_at",
      [first.data.user?.id, second.data.user?.id],
    );
    expect(rows[0]?.username).toBe("sam");
    expect(rows[1]?.username).toMatch(/^sam-[0-9a-f]{4}$/);
  });

  it("follow a confirmed email change", async () => {
    const person = await createPerson(t, "mover");
    await w.sql("update auth.users set email = 'moved@example.test' where id = $1", [person.id]);
    const [profile] = await w.sql("select email from public.profiles where id = $1", [person.id]);
    expect(profile?.email).toBe("moved@example.test");
  });
});

describe("workspaces", () => {
  it("create_workspace makes the caller owner and opens #general", async () => {
    const person = await createPerson(t, "founder");
    const { data, error } = await person.client.rpc("create_workspace", {
      name: "Acme",
      slug: `acme-${person.id.slice(0, 6)}`,
    });
    expect(error).toBeNull();
    const { data: members } = await person.client
      .from("workspace_members")
      .select("user_id, role")
      .eq("workspace_id", data.id);
    expect(members).toEqual([{ user_id: person.id, role: "owner" }]);
    const { data: channels } = await person.client
      .from("channels")
      .select("name, is_private")
      .eq("workspace_id", data.id);
    expect(channels).toEqual([{ name: "general", is_private: false }]);
  });

  it("refuses a slug that is taken with PostgREST's conflict", async () => {
    const person = await createPerson(t, "copycat");
    const [{ slug }] = (await w.sql<{ slug: string }>("select slug from public.workspaces where id = $1", [
      w.workspaceId,
    ])) as [{ slug: string }];
    const { error } = await person.client.rpc("create_workspace", { name: "Copy", slug });
    expect(error?.code).toBe("23505");
  });

  it("keeps its last owner: the owner cannot leave, a member can", async () => {
    const { error } = await w.people.owner.client
      .from("workspace_members")
      .delete()
      .match({ workspace_id: w.workspaceId, user_id: w.people.owner.id });
    expect(error?.message).toMatch(/at least one owner/);
    const leaver = await spareMember(w, "leaver");
    await leaver.client.from("workspace_members").delete().match({ workspace_id: w.workspaceId, user_id: leaver.id });
    expect(await w.sql("select 1 from public.workspace_members where user_id = $1", [leaver.id])).toHaveLength(0);
  });

  it("lets only an owner hand out ownership", async () => {
    const spare = await spareMember(w, "climber");
    await w.people.admin.client
      .from("workspace_members")
      .update({ role: "owner" })
      .match({ workspace_id: w.workspaceId, user_id: spare.id });
    expect((await w.sql("select role from public.workspace_members where user_id = $1", [spare.id]))[0]?.role).toBe(
      "member",
    );
    await w.people.owner.client
      .from("workspace_members")
      .update({ role: "owner" })
      .match({ workspace_id: w.workspaceId, user_id: spare.id });
    expect((await w.sql("select role from public.workspace_members where user_id = $1", [spare.id]))[0]?.role).toBe(
      "owner",
    );
  });
});

describe("messages", () => {
  it("are stamped with their author and workspace whatever the client sends", async () => {
    const { data, error } = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "hi @owner-nobody" })
      .select("author_id, workspace_id, created_at")
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ author_id: w.people.member.id, workspace_id: w.workspaceId });
    const forged = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "as owner", author_id: w.people.owner.id });
    expect(forged.error?.code).toBe("42501");
  });

  it("record the workspace members they mention", async () => {
    const [owner] = await w.sql<{ username: string }>("select username::text from public.profiles where id = $1", [
      w.people.owner.id,
    ]);
    const [outsider] = await w.sql<{ username: string }>("select username::text from public.profiles where id = $1", [
      w.people.outsider.id,
    ]);
    const { data } = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: `ping @${owner?.username}, and @${outsider?.username}.` })
      .select("mentions")
      .single();
    expect(data?.mentions).toEqual([w.people.owner.id]);
  });

  it("edits set edited_at; deletes leave a tombstone that cannot change again", async () => {
    const message = await messageBy(w, w.people.member.id, w.publicChannelId, "first draft");
    const edited = await w.people.member.client
      .from("messages")
      .update({ body: "second draft" })
      .eq("id", message.id)
      .select("body, edited_at")
      .single();
    expect(edited.data?.body).toBe("second draft");
    expect(edited.data?.edited_at).not.toBeNull();
    const deleted = await w.people.member.client
      .from("messages")
      .update({ deleted_at: new Date().toISOString() })
      .eq("id", message.id)
      .select("body, deleted_at")
      .single();
    expect(deleted.data).toMatchObject({ body: "" });
    const again = await w.people.member.client.from("messages").update({ body: "back" }).eq("id", message.id);
    expect(again.error?.message).toMatch(/deleted message cannot change/);
  });

  it("keep one level of threads and count replies on the parent", async () => {
    const parent = await messageBy(w, w.people.owner.id, w.publicChannelId, "thread start");
    const reply = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "a reply", thread_parent_id: parent.id })
      .select("id")
      .single();
    expect(reply.error).toBeNull();
    const nested = await w.people.member.client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "nested", thread_parent_id: reply.data?.id });
    expect(nested.error?.message).toMatch(/replies cannot have replies/);
    const [row] = await w.sql("select reply_count, last_reply_at from public.messages where id = $1", [parent.id]);
    expect(row?.reply_count).toBe(1);
    expect(row?.last_reply_at).not.toBeNull();
  });

  it("cannot be posted in an archived channel", async () => {
    const channel = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "attic",
      created_by: w.people.owner.id,
      archived_at: new Date(),
    });
    const { error } = await w.people.member.client.from("messages").insert({ channel_id: channel.id, body: "hello?" });
    expect(error?.code).toBe("42501");
  });
});

describe("unread counts and mentions", () => {
  it("count others' messages since the read marker, and mentions of the caller", async () => {
    const channel = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "badges",
      created_by: w.people.owner.id,
    });
    const [member] = await w.sql<{ username: string }>("select username::text from public.profiles where id = $1", [
      w.people.member.id,
    ]);
    await w.people.member.client.rpc("mark_channel_read", { channel_id: channel.id });
    for (const body of ["one", `two @${member?.username}`, "three"]) {
      await w.people.owner.client.from("messages").insert({ channel_id: channel.id, body });
    }
    await w.people.member.client.from("messages").insert({ channel_id: channel.id, body: "my own words do not count" });

    const { data, error } = await w.people.member.client.rpc("channel_unread_counts", { workspace_id: w.workspaceId });
    expect(error).toBeNull();
    const badge = (data as { channel_id: string; unread_count: number; mention_count: number }[]).find(
      (row) => row.channel_id === channel.id,
    );
    expect(badge).toMatchObject({ unread_count: 3, mention_count: 1 });

    await w.people.member.client.rpc("mark_channel_read", { channel_id: channel.id });
    const after = await w.people.member.client.rpc("channel_unread_counts", { workspace_id: w.workspaceId });
    expect(
      (after.data as { channel_id: string; unread_count: number }[]).find((row) => row.channel_id === channel.id)
        ?.unread_count,
    ).toBe(0);
  });

  it("say from when they count: the read marker, else when the caller joined", async () => {
    const channel = await w.insert<{ id: string }>("channels", {
      workspace_id: w.workspaceId,
      name: "badge-since",
      created_by: w.people.owner.id,
    });
    const sinceOf = async () => {
      const { data, error } = await w.people.member.client.rpc("channel_unread_counts", {
        workspace_id: w.workspaceId,
      });
      expect(error).toBeNull();
      return (data as { channel_id: string; read_since: string }[]).find((row) => row.channel_id === channel.id)
        ?.read_since;
    };
    const [joined] = await w.sql<{ joined_at: string }>(
      "select to_json(joined_at) #>> '{}' as joined_at from public.workspace_members where workspace_id = $1 and user_id = $2",
      [w.workspaceId, w.people.member.id],
    );
    expect(await sinceOf()).toBe(joined?.joined_at);

    const { data: marker } = await w.people.member.client.rpc("mark_channel_read", { channel_id: channel.id });
    expect(await sinceOf()).toBe((marker as { last_read_at: string }).last_read_at);
  });

  it("leave out private channels the caller is not in", async () => {
    const { data } = await w.people.admin.client.rpc("channel_unread_counts", { workspace_id: w.workspaceId });
    const ids = (data as { channel_id: string }[]).map((row) => row.channel_id);
    expect(ids).toContain(w.publicChannelId);
    expect(ids).not.toContain(w.privateChannelId);
  });
});

describe("invitations", () => {
  it("are visible to the invited address", async () => {
    const invitee = await createPerson(t, "invitee");
    await w.insert("invitations", {
      workspace_id: w.workspaceId,
      email: invitee.email,
      token_hash: "b".repeat(64),
      invited_by: w.people.owner.id,
    });
    const { data } = await invitee.client.from("invitations").select("workspace_id, email, role");
    expect(data).toEqual([{ workspace_id: w.workspaceId, email: invitee.email, role: "member" }]);
  });
});

describe("the demo seed", () => {
  it("lets a demo user sign in and see the demo workspace with unread badges", async () => {
    const client = testClient(t.url, t.stack.keys.publishableKey);
    const { error } = await client.auth.signInWithPassword({ email: "yuki@parley.test", password: "parley-demo" });
    expect(error).toBeNull();
    const { data: workspaces } = await client.from("workspaces").select("id, slug");
    expect(workspaces).toEqual([expect.objectContaining({ slug: "demo" })]);
    const { data: channels } = await client.from("channels").select("name").eq("kind", "channel").order("name");
    expect(channels?.map((c) => c.name)).toEqual([
      "announcements",
      "design",
      "engineering",
      "general",
      "old-launch",
      "random",
    ]);
    const { data: badges } = await client.rpc("channel_unread_counts", { workspace_id: workspaces?.[0]?.id });
    expect((badges as { unread_count: number }[]).some((row) => row.unread_count > 0)).toBe(true);
  });

  it("gives the demo users DMs in their languages, unread, and private to their people", async () => {
    const signIn = async (email: string) => {
      const client = testClient(t.url, t.stack.keys.publishableKey);
      const { error } = await client.auth.signInWithPassword({ email, password: "parley-demo" });
      expect(error).toBeNull();
      return client;
    };
    const yuki = await signIn("yuki@parley.test");
    const { data: dms } = await yuki
      .from("channels")
      .select("id, workspace_id, messages(body)")
      .eq("kind", "direct")
      .order("id");
    expect(dms?.map((dm) => dm.id)).toEqual([
      "d0000000-0000-4000-8000-000000000003",
      "d0000000-0000-4000-8000-000000000004",
    ]);
    expect(dms?.[0]?.messages.map((m) => m.body)).toContain("了解です。今日中に直します 🙏");
    const { data: badges } = await yuki.rpc("channel_unread_counts", { workspace_id: dms?.[0]?.workspace_id });
    const unread = new Map(
      (badges as { channel_id: string; unread_count: number }[]).map((b) => [b.channel_id, b.unread_count]),
    );
    expect(unread.get("d0000000-0000-4000-8000-000000000003")).toBeGreaterThan(0);

    const jonas = await signIn("jonas@parley.test"); // an admin of the workspace
    const { data: jonasDms } = await jonas.from("channels").select("id").eq("kind", "direct");
    expect(jonasDms).toEqual([{ id: "d0000000-0000-4000-8000-000000000001" }]);
  });

  it("hashes the demo passwords with bcrypt cost 10, as GoTrue does, so a wrong guess costs as much as for anyone", async () => {
    const rows = await w.sql(
      "select encrypted_password from auth.users where id::text like 'a0000000-0000-4000-8000-%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => String(row.encrypted_password).slice(0, 7))).toEqual(rows.map(() => "$2a$10$"));
  });
});

describe("account deletion (prepare_account_deletion, run by the delete-account function)", () => {
  it("is refused to signed-in users calling it themselves", async () => {
    const { error } = await w.people.member.client.rpc("prepare_account_deletion", { target_user: w.people.member.id });
    expect(error?.code).toBe("42501");
  });

  it("names the workspaces a sole owner must hand over, and changes nothing", async () => {
    const founder = await createPerson(t, "founder");
    const { data: shared } = await founder.client.rpc("create_workspace", {
      name: "Shared",
      slug: `shared-${founder.id.slice(0, 6)}`,
    });
    await w.insert("workspace_members", { workspace_id: shared.id, user_id: w.people.member.id, role: "member" });
    const { data, error } = await service().rpc("prepare_account_deletion", { target_user: founder.id });
    expect(error).toBeNull();
    expect(data.blocked_workspaces).toEqual([{ id: shared.id, slug: shared.slug, name: "Shared" }]);
    expect(await w.sql("select 1 from public.workspaces where id = $1", [shared.id])).toHaveLength(1);
  });

  it("removes solo workspaces, keeps messages as tombstones and returns the files to remove", async () => {
    const leaving = await spareMember(w, "leaving");
    const { data: solo } = await leaving.client.rpc("create_workspace", {
      name: "Solo",
      slug: `solo-${leaving.id.slice(0, 6)}`,
    });
    const message = await messageBy(w, leaving.id, w.publicChannelId, "goodbye");
    const path = `${w.workspaceId}/${w.publicChannelId}/${message.id}/cv.pdf`;
    await w.insert("attachments", {
      message_id: message.id,
      workspace_id: w.workspaceId,
      channel_id: w.publicChannelId,
      uploader_id: leaving.id,
      object_path: path,
      name: "cv.pdf",
      size_bytes: 10,
      mime_type: "application/pdf",
    });

    const { data, error } = await service().rpc("prepare_account_deletion", { target_user: leaving.id });
    expect(error).toBeNull();
    expect(data).toEqual({ blocked_workspaces: [], attachment_paths: [path] });
    expect(await w.sql("select 1 from public.workspaces where id = $1", [solo.id])).toHaveLength(0);
    const [tombstone] = await w.sql("select body, deleted_at from public.messages where id = $1", [message.id]);
    expect(tombstone?.body).toBe("");
    expect(tombstone?.deleted_at).not.toBeNull();

    await service().auth.admin.deleteUser(leaving.id);
    expect(await w.sql("select author_id from public.messages where id = $1", [message.id])).toEqual([
      { author_id: null },
    ]);
    expect(await w.sql("select 1 from public.workspace_members where user_id = $1", [leaving.id])).toHaveLength(0);
  });
});
