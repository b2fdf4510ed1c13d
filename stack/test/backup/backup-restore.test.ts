import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import type { TempProject } from "../support/project.ts";
import {
  cli,
  parleyProject,
  publicClient,
  secretClient,
  snapshot,
  startDetached,
  type DetachedStack,
} from "./support.ts";

// What a restore must bring back: users (with their password hashes), Parley's workspaces,
// channels, memberships and messages, and the stored objects' metadata.
const USER_DATA = [
  "select id, email, encrypted_password, email_confirmed_at, raw_user_meta_data from auth.users order by id",
  "select id, user_id, provider, identity_data from auth.identities order by id",
  "select id, display_name from public.profiles order by id",
  "select * from public.workspaces order by id",
  "select * from public.workspace_members order by workspace_id, user_id",
  "select * from public.channels order by id",
  "select * from public.channel_members order by channel_id, user_id",
  "select id, channel_id, author_id, body, created_at from public.messages order by id",
  "select id, bucket_id, name, owner_id, metadata, version from storage.objects order by id",
];

const projects: TempProject[] = [];
const running: DetachedStack[] = [];
const password = "correct-horse-battery-staple";
const email = "backup-owner@example.test";
const avatar = randomBytes(4096);
let source: DetachedStack;
let sourceRows: string[];

async function stopAll(): Promise<void> {
  for (const stack of running.splice(0)) await runCli(["stop", ...stack.args], stack.env);
}

beforeAll(async () => {
  const target = await parleyProject();
  projects.push(target.project);
  source = await startDetached(target);
  running.push(source);
  const admin = secretClient(source);
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { display_name: "Backup Owner" },
  });
  expect(created.error).toBeNull();
  const client = publicClient(source);
  const session = await client.auth.signInWithPassword({ email, password });
  expect(session.error).toBeNull();
  const userId = session.data.user?.id ?? "";
  const workspace = await client.rpc("create_workspace", { name: "Backed Up", slug: "backed-up" });
  expect(workspace.error).toBeNull();
  const { data: general } = await client.from("channels").select("id").eq("workspace_id", workspace.data.id).single();
  for (const body of ["first words", "a second message, with 'quotes'; and a semicolon", "ünïcödé ✓ and\na newline"]) {
    expect((await client.from("messages").insert({ channel_id: general?.id, body })).error).toBeNull();
  }
  const upload = await client.storage
    .from("avatars")
    .upload(`${userId}/face.png`, avatar, { contentType: "image/png" });
  expect(upload.error).toBeNull();
  sourceRows = await snapshot(source.status.DB_URL ?? "", USER_DATA);
}, 240_000);

afterAll(async () => {
  await stopAll();
  for (const project of projects.splice(0)) await project.remove();
}, 120_000);

async function expectSameData(restored: DetachedStack): Promise<void> {
  expect(await snapshot(restored.status.DB_URL ?? "", USER_DATA)).toEqual(sourceRows);
  const client = publicClient(restored);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  expect(signedIn.error).toBeNull();
  const { data: messages } = await client.from("messages").select("body").order("created_at");
  expect(messages?.map((m) => m.body)).toEqual([
    "first words",
    "a second message, with 'quotes'; and a semicolon",
    "ünïcödé ✓ and\na newline",
  ]);
}

describe("parley-stack db dump --data-only and db restore", () => {
  it(
    "bring users, messages and object metadata into a new stack whose migrations ran",
    { timeout: 240_000 },
    async () => {
      const dump = path.join(path.dirname(source.project.workdir), "data.sql");
      await cli(source, "db", "dump", "--data-only", "-f", dump);

      const target = await parleyProject();
      projects.push(target.project);
      const fresh = await startDetached(target);
      running.push(fresh);
      await cli(fresh, "db", "reset", "--no-seed");
      expect(
        await snapshot(fresh.status.DB_URL ?? "", ["select id from auth.users", "select id from public.workspaces"]),
      ).toEqual(["[]", "[]"]);
      const restored = await cli(fresh, "db", "restore", "-f", dump);
      expect(restored).toContain("Restored");
      await expectSameData(fresh);
      await runCli(["stop", ...fresh.args], fresh.env);
    },
  );

  it("dumps to stdout from --db-url, with --schema, --exclude and --role-only, and names a wrong flag", async () => {
    const byUrl = { env: source.env, args: ["--db-url", source.status.DB_URL ?? ""] };
    const stdout = await cli(byUrl, "db", "dump", "--data-only", "--schema", "public", "-x", "public.messages");
    expect(stdout).toContain('INSERT INTO "public"."workspaces"');
    expect(stdout).not.toContain('INTO "public"."messages"');
    expect(stdout).not.toContain('INTO "auth"."users"');
    const pgClient = new pg.Client({ connectionString: source.status.DB_URL });
    await pgClient.connect();
    await pgClient.query("create role backup_reader nologin; grant authenticated to backup_reader");
    await pgClient.end();
    const roles = await cli(byUrl, "db", "dump", "--role-only");
    expect(roles).toContain('CREATE ROLE "backup_reader";');
    expect(roles).toContain('GRANT "authenticated" TO "backup_reader";');
    expect(roles).not.toContain('"anon"');
    const copy = await runCli(["db", "dump", "--data-only", "--use-copy", ...source.args], source.env);
    expect(copy.code).toBe(1);
    expect(copy.stderr).toContain("--use-copy is not supported");
    expect(copy.stderr).not.toMatch(/\n\s+at /);
    const both = await runCli(["db", "dump", "--data-only", "--role-only", ...source.args], source.env);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("[data-only role-only]");
    const badExclude = await runCli(["db", "dump", "--data-only", "-x", "messages", ...source.args], source.env);
    expect(badExclude.stderr).toContain('invalid argument "messages" for "-x, --exclude" flag');
  });
});

describe("parley-stack db restore of a broken file", () => {
  it("names the file's line and PostgreSQL's reason, and changes nothing", async () => {
    const file = path.join(path.dirname(source.project.workdir), "broken.sql");
    await writeFile(
      file,
      "-- two statements\ncreate table public.restore_probe (id int);\ninsert into public.no_such_table values (1);\n",
    );
    const run = await runCli(["db", "restore", "-f", file, ...source.args], source.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}:3`);
    expect(run.stderr).toContain('relation "public.no_such_table" does not exist (nothing was restored)');
    expect(await snapshot(source.status.DB_URL ?? "", ["select to_regclass('public.restore_probe') as t"])).toEqual([
      '[{"t":null}]',
    ]);
  });
});

describe("parley-stack backup and restore", () => {
  it(
    "copy a running stack's database, stored files and keys into an empty data folder",
    { timeout: 300_000 },
    async () => {
      const archive = path.join(path.dirname(source.project.workdir), "parley-backup.tar.gz");
      expect(await cli(source, "backup", "-f", archive)).toContain("1 stored files");

      const target = await parleyProject();
      projects.push(target.project);
      expect(await cli(target, "restore", "-f", archive)).toContain("Restored");
      const again = await runCli(["restore", "-f", archive, ...target.args], target.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("is not empty");

      const restored = await startDetached(target);
      running.push(restored);
      expect(restored.status.PUBLISHABLE_KEY).toBe(source.status.PUBLISHABLE_KEY);
      expect(restored.status.SECRET_KEY).toBe(source.status.SECRET_KEY);
      await expectSameData(restored);
      const client = publicClient(restored);
      const userId = (await client.auth.signInWithPassword({ email, password })).data.user?.id ?? "";
      const download = await client.storage.from("avatars").download(`${userId}/face.png`);
      expect(download.error).toBeNull();
      expect(Buffer.from(await (download.data as Blob).arrayBuffer()).equals(avatar)).toBe(true);
    },
  );

  it("takes stored files and their rows together while uploads and deletions go on", { timeout: 300_000 }, async () => {
    const client = publicClient(source);
    const userId = (await client.auth.signInWithPassword({ email, password })).data.user?.id ?? "";
    const bucket = client.storage.from("avatars");
    let stop = false;
    const churn = (async () => {
      for (let i = 0; !stop && i < 200; i++) {
        expect(
          (
            await bucket.upload(`${userId}/churn-${i}.png`, randomBytes(1024 + i), {
              contentType: "image/png",
              upsert: true,
            })
          ).error,
        ).toBeNull();
        if (i >= 2) expect((await bucket.remove([`${userId}/churn-${i - 2}.png`])).error).toBeNull();
      }
    })();
    const archive = path.join(path.dirname(source.project.workdir), "busy-backup.tar.gz");
    try {
      await cli(source, "backup", "-f", archive);
    } finally {
      stop = true;
      await churn;
    }

    const target = await parleyProject();
    projects.push(target.project);
    await cli(target, "restore", "-f", archive);
    const restored = await startDetached(target);
    running.push(restored);
    const objects = JSON.parse(
      (
        await snapshot(restored.status.DB_URL ?? "", [
          "select name, metadata->>'eTag' as etag from storage.objects where bucket_id = 'avatars'",
        ])
      )[0] ?? "[]",
    ) as { name: string; etag: string }[];
    expect(objects.length).toBeGreaterThan(1);
    const reader = publicClient(restored);
    for (const object of objects) {
      const { data, error } = await reader.storage.from("avatars").download(object.name);
      expect(error, object.name).toBeNull();
      const md5 = createHash("md5")
        .update(Buffer.from(await (data as Blob).arrayBuffer()))
        .digest("hex");
      expect(`"${md5}"`, object.name).toBe(object.etag);
    }
  });

  it("refuses an archive that is not a backup, leaving the data folder empty", async () => {
    const target = await parleyProject();
    projects.push(target.project);
    const bogus = path.join(target.project.workdir, "supabase", "config.toml");
    const run = await runCli(["restore", "-f", bogus, ...target.args], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a Parley Stack backup");
    expect(existsSync(path.join(target.project.dataDir, "postgres"))).toBe(false);
  });
});
