import { appendFile, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startStack } from "../src/index.ts";
import { tempProject } from "./support/project.ts";
import { startTestStack, type TestStack } from "./support/test-stack.ts";
import pino from "pino";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function started(fixture = "basic"): Promise<TestStack> {
  const t = await startTestStack(fixture);
  open.push(t);
  return t;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("a new Supabase-shaped database", () => {
  it("has the roles, schemas, extensions and publication a Supabase project has", async () => {
    const t = await started();
    const url = t.stack.status().DB_URL;
    const roles = await query<{ rolname: string; rolbypassrls: boolean }>(
      url,
      "select rolname, rolbypassrls from pg_roles where rolname = any($1) order by rolname",
      [
        [
          "anon",
          "authenticated",
          "service_role",
          "authenticator",
          "supabase_admin",
          "supabase_auth_admin",
          "supabase_storage_admin",
        ],
      ],
    );
    expect(roles.map((r) => r.rolname)).toEqual([
      "anon",
      "authenticated",
      "authenticator",
      "service_role",
      "supabase_admin",
      "supabase_auth_admin",
      "supabase_storage_admin",
    ]);
    expect(roles.find((r) => r.rolname === "service_role")?.rolbypassrls).toBe(true);
    const schemas = await query<{ nspname: string }>(
      url,
      "select nspname from pg_namespace where nspname = any($1) order by 1",
      [["auth", "storage", "realtime", "extensions", "supabase_migrations"]],
    );
    expect(schemas.map((s) => s.nspname)).toEqual(["auth", "extensions", "realtime", "storage", "supabase_migrations"]);
    const extensions = await query<{ extname: string; schema: string }>(
      url,
      "select extname, extnamespace::regnamespace::text as schema from pg_extension where extname <> 'plpgsql' order by 1",
    );
    expect(extensions).toEqual([
      { extname: "citext", schema: "extensions" },
      // as on the CLI's local stack, for Database Webhooks
      { extname: "pg_net", schema: "extensions" },
      { extname: "pg_trgm", schema: "extensions" },
      { extname: "pgcrypto", schema: "extensions" },
      { extname: "uuid-ossp", schema: "extensions" },
    ]);
    expect(await query(url, "select pubname from pg_publication where pubname = 'supabase_realtime'")).toEqual([
      { pubname: "supabase_realtime" },
    ]);
    expect(await query(url, "select current_setting('wal_level') as wal")).toEqual([{ wal: "logical" }]);
  });

  it("lets the API roles use tables the project creates, by Supabase's default privileges", async () => {
    const t = await started();
    const rows = await t.stack.db.asCaller(
      { role: "anon", claims: { role: "anon" } },
      async (client) => (await client.query<{ body: string }>("select body from public.notes")).rows,
    );
    expect(rows).toEqual([{ body: "seeded note" }]);
  });

  it("runs work as the caller with its claims, so policies can read them", async () => {
    const t = await started();
    const claims = { sub: "6f1e8a52-7c4e-4b8e-9a55-1f2d3c4b5a69", role: "authenticated" };
    const row = await t.stack.db.asCaller(
      { role: "authenticated", claims },
      async (client) =>
        (
          await client.query<{ who: string; sub: string; uid: string; role: string }>(
            "select current_user as who, current_setting('request.jwt.claims')::jsonb ->> 'sub' as sub, auth.uid() as uid, auth.role() as role",
          )
        ).rows[0],
    );
    expect(row).toEqual({ who: "authenticated", sub: claims.sub, uid: claims.sub, role: "authenticated" });
  });

  it("runs several callers' transactions on one connection, each only as its own caller", async () => {
    const t = await started();
    const ada = { sub: "6f1e8a52-7c4e-4b8e-9a55-1f2d3c4b5a69", role: "authenticated" };
    const who = {
      text: "select current_user as who, auth.uid() as uid, current_setting('request.jwt.claims', true) as claims",
    };
    const [first, failing, anon] = await t.stack.db.queryAsEachCaller([
      { caller: { role: "authenticated", claims: ada }, statements: [who], options: { readOnly: true } },
      { caller: { role: "authenticated", claims: ada }, statements: [{ text: "select 1 / 0" }] },
      { caller: { role: "anon", claims: { role: "anon" } }, statements: [who], options: { readOnly: true } },
    ]);
    expect(first?.status === "fulfilled" && first.value[0]?.rows).toEqual([
      { who: "authenticated", uid: ada.sub, claims: JSON.stringify(ada) },
    ]);
    expect(failing?.status).toBe("rejected");
    // The next transaction neither inherits the previous caller's settings nor its failure.
    expect(anon?.status === "fulfilled" && anon.value[0]?.rows).toEqual([
      { who: "anon", uid: null, claims: JSON.stringify({ role: "anon" }) },
    ]);
  });

  it("prepares a repeated statement again on the same connection after an exchange that failed", async () => {
    const t = await started();
    const anon = { role: "anon", claims: { role: "anon" } };
    const divide = async (by: number) =>
      (
        await t.stack.db.queryAsCaller(anon, [{ text: "select 6 / $1::int as quotient", values: [by], reuse: true }], {
          readOnly: true,
        })
      )[0]?.rows;
    expect(await divide(2)).toEqual([{ quotient: 3 }]);
    await expect(divide(0)).rejects.toMatchObject({ code: "22012" });
    expect(await divide(3)).toEqual([{ quotient: 2 }]);
    const missing = () => t.stack.db.queryAsCaller(anon, [{ text: "select * from public.no_such_table", reuse: true }]);
    await expect(missing()).rejects.toMatchObject({ code: "42P01" });
    await expect(missing()).rejects.toMatchObject({ code: "42P01" });
    expect(await divide(6)).toEqual([{ quotient: 1 }]);
  });

  it("sends callers' exchanges of one turn on shared connections, each its own transaction as its own caller", async () => {
    const t = await started();
    await t.stack.db.admin.query(
      "create table public.batch_probe (id int primary key); insert into public.batch_probe values (100);" +
        "grant select, insert on public.batch_probe to anon, authenticated",
    );
    const who = { text: "select current_user as who, auth.uid() as uid, pg_backend_pid() as pid", reuse: true };
    const insert = (id: number) => ({ text: "insert into public.batch_probe values ($1)", values: [id] });
    const subOf = (index: number) => (index % 3 === 0 ? null : `00000000-0000-0000-0000-00000000000${index}`);
    const callerOf = (index: number) => {
      const sub = subOf(index);
      return sub === null
        ? { role: "anon", claims: { role: "anon" } }
        : { role: "authenticated", claims: { sub, role: "authenticated" } };
    };
    // Ten requests in one turn, more than one connection takes (8), each with its own caller; the
    // fourth fails after its insert, the seventh inserts a key that exists.
    const statementsOf = (index: number) =>
      index === 3 ? [insert(3), { text: "select 1 / 0" }] : index === 6 ? [insert(100)] : [insert(index), who];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => t.stack.db.queryAsCaller(callerOf(index), statementsOf(index))),
    );
    const pids = new Set<number>();
    outcomes.forEach((outcome, index) => {
      if (index === 3) return expect(outcome).toMatchObject({ status: "rejected", reason: { code: "22012" } });
      if (index === 6) return expect(outcome).toMatchObject({ status: "rejected", reason: { code: "23505" } });
      const row = outcome.status === "fulfilled" ? outcome.value[1]?.rows[0] : undefined;
      expect([row?.who, row?.uid]).toEqual([callerOf(index).role, subOf(index)]);
      pids.add(row?.pid as number);
    });
    // At most two connections carried the ten (each took one of its own before), and each failure
    // undid only its own insert.
    expect(pids.size).toBeLessThanOrEqual(2);
    const { rows } = await t.stack.db.admin.query<{ id: number }>("select id from public.batch_probe order by id");
    expect(rows.map((row) => row.id)).toEqual([0, 1, 2, 4, 5, 7, 8, 9, 100]);
  });

  it("answers each exchange of a turn once its own answer is in, not when the turn's last one is", async () => {
    const t = await started();
    const anon = { role: "anon", claims: { role: "anon" } };
    // Sent in one turn, so written to one connection: the quick one runs first, then the slow one.
    const quick = t.stack.db.queryAsCaller(anon, [{ text: "select 1 as quick" }]);
    const slow = t.stack.db.queryAsCaller(anon, [{ text: "select pg_sleep(1.5) as slow" }]);
    expect((await quick)[0]?.rows).toEqual([{ quick: 1 }]);
    const { rows } = await t.stack.db.admin.query<{ running: number }>(
      "select count(*)::int as running from pg_stat_activity where state = 'active' and query like '%pg_sleep(1.5) as slow%' and pid <> pg_backend_pid()",
    );
    expect(rows).toEqual([{ running: 1 }]);
    await slow;
  });

  it("does not hold a later turn's exchange behind a slow one already sent", async () => {
    const t = await started();
    const anon = { role: "anon", claims: { role: "anon" } };
    const finished: string[] = [];
    const slow = t.stack.db.queryAsCaller(anon, [{ text: "select pg_sleep(1.5)" }]).then(() => finished.push("slow"));
    // The slow exchange's turn is over (its batch is written) before the quick one is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const quick = t.stack.db.queryAsCaller(anon, [{ text: "select 1" }]).then(() => finished.push("quick"));
    await Promise.all([slow, quick]);
    expect(finished).toEqual(["quick", "slow"]);
  });

  it("parses a held statement's rows with its types, and describes it again once its result type changed", async () => {
    const t = await started();
    const anon = { role: "anon", claims: { role: "anon" } };
    await t.stack.db.admin.query(
      "create table public.shape_probe (v int); insert into public.shape_probe values (1); grant select on public.shape_probe to anon",
    );
    const read = async () =>
      (await t.stack.db.queryAsCaller(anon, [{ text: "select v from public.shape_probe", reuse: true }]))[0]?.rows;
    for (let round = 0; round < 3; round++) expect(await read()).toEqual([{ v: 1 }]);
    await t.stack.db.admin.query("alter table public.shape_probe alter column v type text");
    // Each connection that held the statement refuses it once (PostgreSQL's 0A000), then parses it again.
    const outcomes: unknown[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      outcomes.push(await read().catch((error: { code?: string }) => error.code));
    }
    expect(outcomes.filter((outcome) => typeof outcome === "string").every((code) => code === "0A000")).toBe(true);
    expect(outcomes.slice(-2)).toEqual([[{ v: "1" }], [{ v: "1" }]]);
  });
});

describe("migrations and seed", () => {
  it("applies migrations in filename order, records them as the CLI does, and seeds on first start", async () => {
    const t = await started();
    const url = t.stack.status().DB_URL;
    const history = await query<{ version: string; name: string }>(
      url,
      "select version, name from supabase_migrations.schema_migrations order by version",
    );
    expect(history).toEqual([
      { version: "20240101000000", name: "create_notes" },
      { version: "20240102000000", name: "add_note_tag" },
    ]);
    expect(await query(url, "select body, tag from public.notes")).toEqual([{ body: "seeded note", tag: "seed" }]);
  });

  it("applies each migration once across restarts and keeps the data; a new migration runs on the next start", async () => {
    const project = await tempProject("basic");
    open.push({ close: () => project.remove() });
    const options = {
      workdir: project.workdir,
      dataDir: project.dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      logger: pino({ level: "silent" }),
    };
    const first = await startStack(options);
    await first.db.admin.query("insert into public.notes (body) values ('written before restart')");
    await first.stop();
    await writeFile(
      path.join(project.workdir, "supabase/migrations/20240103000000_third.sql"),
      "insert into public.migration_order (name) values ('20240103000000_third');",
    );
    const second = await startStack(options);
    try {
      const notes = await second.db.admin.query<{ body: string }>("select body from public.notes order by id");
      expect(notes.rows.map((r) => r.body)).toEqual(["seeded note", "written before restart"]);
      const order = await second.db.admin.query<{ name: string }>(
        "select name from public.migration_order order by at",
      );
      expect(order.rows.map((r) => r.name)).toEqual(["20240102000000_add_note_tag", "20240103000000_third"]);
    } finally {
      await second.stop();
    }
  });

  it("stops the start at a failing migration with the file, line and PostgreSQL's message", async () => {
    const project = await tempProject("basic");
    open.push({ close: () => project.remove() });
    await writeFile(
      path.join(project.workdir, "supabase/migrations/20240109000000_broken.sql"),
      "create table ok_table (id int);\n\ncreate tabel broken (id int);\n",
    );
    await expect(
      startStack({
        workdir: project.workdir,
        dataDir: project.dataDir,
        ports: { api: 0, db: 0, inbucket: 0 },
        logger: pino({ level: "silent" }),
      }),
    ).rejects.toThrow(
      /supabase\/migrations\/20240109000000_broken\.sql:3:8: ERROR: syntax error at or near "tabel" \(SQLSTATE 42601\)/,
    );
  });

  it("db reset drops the data, re-applies migrations and re-runs the seed", async () => {
    const t = await started();
    await t.stack.db.admin.query("insert into public.notes (body) values ('to be dropped')");
    await appendFile(
      path.join(t.project.workdir, "supabase/seed.sql"),
      "\ninsert into public.notes (body) values ('second seed row');\n",
    );
    await t.stack.resetDatabase();
    const notes = await t.stack.db.admin.query<{ body: string }>("select body from public.notes order by id");
    expect(notes.rows.map((r) => r.body)).toEqual(["seeded note", "second seed row"]);
  });
});

describe("config", () => {
  it("refuses to start on a wrong value, naming the key and the file", async () => {
    const project = await tempProject("basic");
    open.push({ close: () => project.remove() });
    await writeFile(path.join(project.workdir, "supabase/config.toml"), '[api]\nport = "not-a-port"\n');
    await expect(
      startStack({ workdir: project.workdir, dataDir: project.dataDir, logger: pino({ level: "silent" }) }),
    ).rejects.toThrow(/supabase\/config\.toml: api\.port/);
  });

  it("starts with a warning naming an unknown key, and substitutes env() values", async () => {
    const project = await tempProject("basic");
    open.push({ close: () => project.remove() });
    await writeFile(
      path.join(project.workdir, "supabase/config.toml"),
      '[api]\nmax_rows = 1000\nshiny_new_setting = true\n\n[auth]\njwt_secret = "env(PARLEY_TEST_JWT_SECRET)"\n',
    );
    const secret = "a-secret-from-the-environment-of-32-chars-or-more";
    const stack = await startStack({
      workdir: project.workdir,
      dataDir: project.dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      env: { PARLEY_TEST_JWT_SECRET: secret },
      logger: pino({ level: "silent" }),
    });
    try {
      expect(stack.warnings.join("\n")).toMatch(/unknown key "api\.shiny_new_setting"/);
      expect(stack.status().JWT_SECRET).toBe(secret);
    } finally {
      await stack.stop();
    }
  });
});
