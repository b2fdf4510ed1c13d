import { createHash, randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testClient } from "../../support/client.ts";
import type { TestStack } from "../../support/test-stack.ts";
import { collector, subscribe } from "../../realtime/helpers.ts";
import { attemptTableAction } from "../../parley/support/attempt-table-action.ts";
import { invokeFunction } from "../../parley/support/invoke-function.ts";
import type { Action } from "../../parley/support/policy-operations.ts";
import { startParleyStack } from "../../parley/support/parley-stack.ts";
import { signIn } from "../../parley/support/people.ts";
import { buildWorld, messageBy, type World } from "../../parley/support/world.ts";
import {
  MFA_COLUMNS,
  MFA_FUNCTION_MATRIX,
  MFA_OWN_ROWS_MATRIX,
  MFA_REALTIME_MATRIX,
  MFA_RPC_MATRIX,
  MFA_STORAGE_MATRIX,
  MFA_TABLE_MATRIX,
  parseMfaMatrix,
  type MfaColumn,
} from "./mfa-aal2-matrix.ts";

const PASSWORD = "correct-horse-battery";
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate();

let t: TestStack;
let w: World;
/** Who acts for each column, and as whom in the policy world (the member or the owner). */
let actors: Record<MfaColumn, { client: SupabaseClient; as: "member" | "owner"; id: string; email: string }>;

/** A client signed in with the member's password: aal1, whatever factors the member has. */
async function passwordSession(email: string): Promise<SupabaseClient> {
  const client = testClient(t.url, t.stack.keys.publishableKey);
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return client;
}

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  const { member, owner } = w.people;

  // The member enrols TOTP and proves it, the way the app's security page does: that session is aal2.
  const aal2 = await passwordSession(member.email);
  const enrolled = await aal2.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
  if (enrolled.error) throw enrolled.error;
  const factor = enrolled.data as typeof enrolled.data & { totp: { secret: string } };
  const verified = await aal2.auth.mfa.challengeAndVerify({ factorId: factor.id, code: codeFor(factor.totp.secret) });
  if (verified.error) throw verified.error;
  // supabase-js hands realtime a new token on SIGNED_IN and TOKEN_REFRESHED but not on
  // MFA_CHALLENGE_VERIFIED; the app passes the aal2 token on itself (use-auth-event-effects.ts).
  await aal2.realtime.setAuth(verified.data.access_token);

  // A later sign-in with the password alone stops at aal1 until the second step.
  const aal1 = await passwordSession(member.email);
  const level = await aal1.auth.mfa.getAuthenticatorAssuranceLevel();
  expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });

  const teammate = await signIn(t, owner);
  actors = {
    "mfa-aal1": { client: aal1, as: "member", id: member.id, email: member.email },
    "mfa-aal2": { client: aal2, as: "member", id: member.id, email: member.email },
    teammate: { client: teammate.client, as: "owner", id: owner.id, email: owner.email },
  };
});
afterEach(async () => {
  for (const column of MFA_COLUMNS) await actors?.[column].client.removeAllChannels();
});
afterAll(async () => {
  for (const column of MFA_COLUMNS) actors?.[column].client.realtime.disconnect();
  await t?.close();
});

/** The policy world with the column's client standing in for the member (or the owner). */
function worldFor(column: MfaColumn): World {
  const { client, as } = actors[column];
  return { ...w, client: (actor) => (actor === as ? client : w.client(actor)) };
}

describe("aal2 for people with a second factor: tables", () => {
  const cases = parseMfaMatrix<[string, Action]>(MFA_TABLE_MATRIX, 2).map(
    ({ labels: [table, action], column, allowed }) => [column, action, table, allowed] as const,
  );
  it.each(cases)("%s: %s on %s → allowed %s", async (column, action, table, allowed) => {
    expect(await attemptTableAction(worldFor(column), actors[column].as, action, table)).toBe(allowed);
  });
});

const ownRows: Record<string, (column: MfaColumn) => Promise<boolean>> = {
  "see an invitation addressed to me": async (column) => {
    const invitation = await w.insert<{ id: string }>("invitations", {
      workspace_id: w.otherWorkspaceId,
      email: actors[column].email.toLowerCase(),
      token_hash: randomUUID().replaceAll("-", "").repeat(2),
      invited_by: w.people.outsider.id,
    });
    const { data, error } = await actors[column].client.from("invitations").select("id").eq("id", invitation.id);
    await w.sql("delete from public.invitations where id = $1", [invitation.id]);
    return error === null && data.length === 1;
  },
  "leave a workspace I am a member of": async (column) => {
    const id = randomUUID();
    await w.insert("workspaces", {
      id,
      name: "Leave me",
      slug: `leave-${id.slice(0, 8)}`,
      created_by: w.people.outsider.id,
    });
    await w.insert("workspace_members", { workspace_id: id, user_id: actors[column].id, role: "member" });
    await actors[column].client
      .from("workspace_members")
      .delete()
      .match({ workspace_id: id, user_id: actors[column].id });
    return (
      (
        await w.sql("select 1 from public.workspace_members where workspace_id = $1 and user_id = $2", [
          id,
          actors[column].id,
        ])
      ).length === 0
    );
  },
};

describe("aal2 for people with a second factor: their own rows", () => {
  const cases = parseMfaMatrix<[string]>(MFA_OWN_ROWS_MATRIX, 1).map(
    ({ labels: [name], column, allowed }) => [column, name, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (column, name, allowed) => {
    const attempt = ownRows[name];
    if (!attempt) throw new Error(`no attempt for ${name}`);
    expect(await attempt(column)).toBe(allowed);
  });
});

const rpcAttempts: Record<string, (column: MfaColumn) => Promise<boolean>> = {
  create_workspace: async (column) => {
    const slug = `rpc-${randomUUID().slice(0, 8)}`;
    const { error } = await actors[column].client.rpc("create_workspace", { name: "Via RPC", slug });
    const [row] = await w.sql<{ user_id: string }>(
      "select m.user_id from public.workspaces ws join public.workspace_members m on m.workspace_id = ws.id and m.role = 'owner' where ws.slug = $1",
      [slug],
    );
    return error === null && row?.user_id === actors[column].id;
  },
  search_messages: async (column) => {
    const word = `needle${randomUUID().slice(0, 8)}`;
    await messageBy(w, w.people.member.id, w.privateChannelId, `private ${word}`);
    const { data, error } = await actors[column].client.rpc("search_messages", {
      workspace_id: w.workspaceId,
      query: word,
    });
    return error === null && Array.isArray(data) && data.length === 1;
  },
  mark_channel_read: async (column) => {
    await w.sql("delete from public.read_markers where user_id = $1 and channel_id = $2", [
      actors[column].id,
      w.privateChannelId,
    ]);
    const { error } = await actors[column].client.rpc("mark_channel_read", { channel_id: w.privateChannelId });
    const markers = await w.sql("select 1 from public.read_markers where user_id = $1 and channel_id = $2", [
      actors[column].id,
      w.privateChannelId,
    ]);
    return error === null && markers.length === 1;
  },
  open_direct_conversation: async (column) => {
    const { member, owner } = w.people;
    const people = [member.id, owner.id].sort();
    const dms = "select id from public.channels where workspace_id = $1 and kind = 'direct' and direct_member_ids = $2";
    await w.sql(`delete from public.channels where id in (${dms})`, [w.workspaceId, people]);
    const other = actors[column].id === member.id ? owner.id : member.id;
    const { data, error } = await actors[column].client.rpc("open_direct_conversation", {
      workspace_id: w.workspaceId,
      member_ids: [other],
    });
    const [dm] = await w.sql<{ id: string }>(dms, [w.workspaceId, people]);
    return error === null && dm !== undefined && data === dm.id;
  },
  channel_unread_counts: async (column) => {
    const { data, error } = await actors[column].client.rpc("channel_unread_counts", { workspace_id: w.workspaceId });
    return (
      error === null &&
      Array.isArray(data) &&
      data.some((row: { channel_id: string }) => row.channel_id === w.privateChannelId)
    );
  },
};

describe("aal2 for people with a second factor: database functions (RPC)", () => {
  const cases = parseMfaMatrix<[string]>(MFA_RPC_MATRIX, 1).map(
    ({ labels: [name], column, allowed }) => [column, name, allowed] as const,
  );
  it.each(cases)("%s: rpc %s → allowed %s", async (column, name, allowed) => {
    const attempt = rpcAttempts[name];
    if (!attempt) throw new Error(`no attempt for ${name}`);
    expect(await attempt(column)).toBe(allowed);
  });
});

describe("aal2 for people with a second factor: what an aal1 RPC tells", () => {
  it("answers 42501 before looking at who belongs to the workspace", async () => {
    const { owner, outsider } = w.people;
    for (const other of [owner.id, outsider.id]) {
      const { error } = await actors["mfa-aal1"].client.rpc("open_direct_conversation", {
        workspace_id: w.workspaceId,
        member_ids: [other],
      });
      expect(error).toMatchObject({ code: "42501", message: "two-step sign-in needs aal2" });
    }
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (extra = 0) =>
  new Blob([new Uint8Array([...PNG, ...new Array<number>(extra).fill(7)])], { type: "image/png" });

async function storedSize(bucket: string, path: string): Promise<number | undefined> {
  const [row] = await w.sql<{ size: string }>(
    "select metadata->>'size' as size from storage.objects where bucket_id = $1 and name = $2",
    [bucket, path],
  );
  return row ? Number(row.size) : undefined;
}

/** Where a storage action points: the object and the folder whose listing shows it. */
interface Place {
  path: string;
  folder: string;
}

/** A file the member uploads (at aal2) before the attempt. */
async function memberFile(bucket: string, folder: string): Promise<Place> {
  const path = `${folder}/${randomUUID()}${bucket === "avatars" ? "" : "/photo"}.png`;
  const { error } = await actors["mfa-aal2"].client.storage
    .from(bucket)
    .upload(path, png(), { contentType: "image/png" });
  if (error) throw new Error(`arranging ${path}: ${error.message}`);
  return { path, folder };
}

const storageTargets: Record<string, (bucket: string, column: MfaColumn) => Promise<Place>> = {
  "into the public channel": async () => {
    const folder = `${w.workspaceId}/${w.publicChannelId}`;
    return { path: `${folder}/${randomUUID()}/photo.png`, folder };
  },
  "into the caller's own folder": async (_bucket, column) => ({
    path: `${actors[column].id}/${randomUUID()}.png`,
    folder: actors[column].id,
  }),
  "the member's file, private channel": (bucket) => memberFile(bucket, `${w.workspaceId}/${w.privateChannelId}`),
  "the member's file, public channel": (bucket) => memberFile(bucket, `${w.workspaceId}/${w.publicChannelId}`),
  "the private channel's folder": (bucket) => memberFile(bucket, `${w.workspaceId}/${w.privateChannelId}`),
  "the member's avatar": (bucket) => memberFile(bucket, w.people.member.id),
  "the member's folder": (bucket) => memberFile(bucket, w.people.member.id),
};

const storageAttempts: Record<string, (client: SupabaseClient, bucket: string, place: Place) => Promise<boolean>> = {
  upload: async (client, bucket, { path }) => {
    const { error } = await client.storage.from(bucket).upload(path, png(), { contentType: "image/png" });
    return error === null && (await storedSize(bucket, path)) === PNG.length;
  },
  download: async (client, bucket, { path }) => {
    const { data, error } = await client.storage.from(bucket).download(path);
    return error === null && data !== null && data.size === PNG.length;
  },
  "sign-url": async (client, bucket, { path }) => {
    const { data, error } = await client.storage.from(bucket).createSignedUrl(path, 60);
    return error === null && data !== null && (await fetch(data.signedUrl)).status === 200;
  },
  list: async (client, bucket, { path, folder }) => {
    const { data, error } = await client.storage.from(bucket).list(folder);
    const shown = path.slice(folder.length + 1).split("/")[0];
    return error === null && (data ?? []).some((entry) => entry.name === shown);
  },
  replace: async (client, bucket, { path }) => {
    const { error } = await client.storage
      .from(bucket)
      .upload(path, png(5), { contentType: "image/png", upsert: true });
    return error === null && (await storedSize(bucket, path)) === PNG.length + 5;
  },
  remove: async (client, bucket, { path }) => {
    await client.storage.from(bucket).remove([path]);
    return (await storedSize(bucket, path)) === undefined;
  },
  "public-url": async (client, bucket, { path }) => {
    const response = await fetch(client.storage.from(bucket).getPublicUrl(path).data.publicUrl);
    return response.status === 200 && (await response.arrayBuffer()).byteLength === PNG.length;
  },
};

describe("aal2 for people with a second factor: storage", () => {
  const cases = parseMfaMatrix<[string, string, string]>(MFA_STORAGE_MATRIX, 3).map(
    ({ labels: [bucket, action, target], column, allowed }) => [column, action, bucket, target, allowed] as const,
  );
  it.each(cases)("%s: %s in %s %s → allowed %s", async (column, action, bucket, target, allowed) => {
    const resolve = storageTargets[target];
    const attempt = storageAttempts[action];
    if (!resolve || !attempt) throw new Error(`unknown row: ${action} ${target}`);
    expect(await attempt(actors[column].client, bucket, await resolve(bucket, column))).toBe(allowed);
  });
});

/** How long a refused event is given to leak, and an allowed one to arrive. */
const WAIT_MS = { allowed: 15_000, refused: 3_000 };

const realtimeAttempts: Record<string, (column: MfaColumn, waitMs: number) => Promise<boolean>> = {
  "a new message in the private channel arrives": async (column, waitMs) => {
    const events = collector<unknown>();
    const filter = {
      event: "INSERT",
      schema: "public",
      table: "messages",
      filter: `channel_id=eq.${w.privateChannelId}`,
    } as const;
    const channel = actors[column].client
      .channel(`changes-${randomUUID()}`)
      .on("postgres_changes", filter, (change) => events.push(change));
    if ((await subscribe(channel)).status !== "SUBSCRIBED") return false;
    await messageBy(w, w.people.member.id, w.privateChannelId, "from the member with a second factor");
    return events.next(1, waitMs).then(
      () => true,
      () => false,
    );
  },
  "joining the workspace's presence topic": async (column) => {
    const channel = actors[column].client.channel(`workspace:${w.workspaceId}`, { config: { private: true } });
    return (await subscribe(channel)).status === "SUBSCRIBED";
  },
};

describe("aal2 for people with a second factor: realtime", () => {
  const cases = parseMfaMatrix<[string]>(MFA_REALTIME_MATRIX, 1).map(
    ({ labels: [name], column, allowed }) => [column, name, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (column, name, allowed) => {
    const attempt = realtimeAttempts[name];
    if (!attempt) throw new Error(`no attempt for ${name}`);
    expect(await attempt(column, allowed ? WAIT_MS.allowed : WAIT_MS.refused)).toBe(allowed);
  });
});

describe("aal2 for people with a second factor: edge functions", () => {
  const cases = parseMfaMatrix<[string]>(MFA_FUNCTION_MATRIX, 1).map(
    ({ labels: [name], column, allowed }) => [column, name, allowed] as const,
  );
  it.each(cases)("%s: %s → allowed %s", async (column, name, allowed) => {
    expect(name).toBe("accept-invite");
    const token = randomUUID();
    await w.insert("invitations", {
      workspace_id: w.otherWorkspaceId,
      email: actors[column].email.toLowerCase(),
      token_hash: createHash("sha256").update(token).digest("hex"),
      invited_by: w.people.outsider.id,
    });
    const { status, body } = await invokeFunction(actors[column].client, "accept-invite", { token });
    const joined = await w.sql("select 1 from public.workspace_members where workspace_id = $1 and user_id = $2", [
      w.otherWorkspaceId,
      actors[column].id,
    ]);
    await w.sql("delete from public.workspace_members where workspace_id = $1 and user_id = $2", [
      w.otherWorkspaceId,
      actors[column].id,
    ]);
    await w.sql("delete from public.invitations where workspace_id = $1 and email = $2", [
      w.otherWorkspaceId,
      actors[column].email.toLowerCase(),
    ]);
    expect({ status: status === 200, joined: joined.length === 1 }).toEqual({ status: allowed, joined: allowed });
    if (!allowed) expect(body).toMatchObject({ error: { code: "insufficient_aal" } });
  });

  it("refuses to delete the account of a person with a second factor from an aal1 session", async () => {
    const { status, body } = await invokeFunction(actors["mfa-aal1"].client, "delete-account", {});
    expect(status).toBe(403);
    expect(body).toMatchObject({ error: { code: "insufficient_aal" } });
    expect(await w.sql("select 1 from auth.users where id = $1", [w.people.member.id])).toHaveLength(1);
  });
});

describe("aal2 for people with a second factor: coverage", () => {
  it("puts the aal2 rule, with row level security on, on every table in public, on storage.objects and on realtime.messages", async () => {
    const uncovered = await w.sql<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p')
         and (n.nspname = 'public' or (n.nspname, c.relname) in (('storage', 'objects'), ('realtime', 'messages')))
         and (not c.relrowsecurity or not exists (
           select 1 from pg_policies p
           where p.schemaname = n.nspname and p.tablename = c.relname and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL'
             and p.qual like '%private.has_required_aal()%' and p.with_check like '%private.has_required_aal()%'
         ))
       order by 1`,
    );
    expect(uncovered.map((row) => row.name)).toEqual([]);
  });

  // A function that runs as its owner (security definer) passes by every policy, and a volatile one
  // may write through such helpers or swallow a refusal (realtime.send): both must check the level
  // themselves. A stable security invoker function only reads, as the caller, so policies decide.
  it("makes every function in public that authenticated may call and that may write, or runs as its owner, require aal2", async () => {
    const unchecked = await w.sql<{ name: string; kind: string }>(
      `select p.oid::regprocedure::text as name,
              case when p.prosecdef then 'security definer' else 'volatile' end as kind
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
         and (p.prosecdef or p.provolatile = 'v')
         and p.prosrc not like '%private.has_required_aal()%'
       order by 1`,
    );
    expect(unchecked.map((row) => `${row.name} (${row.kind})`)).toEqual([]);
  });
});
