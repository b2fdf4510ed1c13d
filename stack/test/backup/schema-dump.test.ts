import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
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

// The catalog of Parley's own schemas, as a client's access depends on it: columns, keys and
// checks, indexes, functions, triggers, policies, grants (columns too) and realtime publication.
const IN_SCOPE = "('public', 'private')";
/** PostgreSQL prints a re-created `a and b and c` check with other (equivalent) grouping. */
const withoutParentheses = (expression: string) => `regexp_replace(${expression}, '[()]', '', 'g')`;
/** An ACL's entries in a fixed order: GRANT order is not meaningful, the entries are. */
const sortedAcl = (column: string) => `(select array_agg(x::text order by x::text) from unnest(${column}) x)`;
const CATALOG = [
  `select table_schema, table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated, generation_expression, identity_generation
     from information_schema.columns where table_schema in ${IN_SCOPE} order by 1, 2, 3`,
  `select n.nspname, c.relname, con.conname, ${withoutParentheses("pg_get_constraintdef(con.oid)")} as def from pg_constraint con
     join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${IN_SCOPE} order by 1, 2, 3`,
  `select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname in ${IN_SCOPE} order by 1, 2, 3`,
  `select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def, ${sortedAcl("p.proacl")} as acl
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${IN_SCOPE} order by 1, 2, 3`,
  `select c.relname, t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
     join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname in ${IN_SCOPE} order by 1, 2`,
  `select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies where schemaname in ${IN_SCOPE} order by 1, 2, 3`,
  `select n.nspname, c.relname, c.relkind, c.relrowsecurity, ${sortedAcl("c.relacl")} as acl from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ${IN_SCOPE} and c.relkind in ('r', 'v', 'm', 'S') order by 1, 2`,
  `select c.relname, a.attname, ${sortedAcl("a.attacl")} as acl from pg_attribute a join pg_class c on c.oid = a.attrelid
     join pg_namespace n on n.oid = c.relnamespace where a.attacl is not null and n.nspname in ${IN_SCOPE} order by 1, 2`,
  `select nspname, ${sortedAcl("nspacl")} as acl from pg_namespace where nspname in ${IN_SCOPE} order by 1`,
  `select pubname, schemaname, tablename from pg_publication_tables where schemaname in ${IN_SCOPE} order by 1, 2, 3`,
];

const projects: TempProject[] = [];
const running: DetachedStack[] = [];
const email = "schema-owner@example.test";
const password = "a-long-enough-password";
let source: DetachedStack;

beforeAll(async () => {
  const target = await parleyProject();
  projects.push(target.project);
  source = await startDetached(target);
  running.push(source);
  expect((await secretClient(source).auth.admin.createUser({ email, password, email_confirm: true })).error).toBeNull();
  const client = publicClient(source);
  expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  const workspace = await client.rpc("create_workspace", { name: "Schema", slug: "schema-dump" });
  expect(workspace.error).toBeNull();
  const { data: general } = await client.from("channels").select("id").eq("workspace_id", workspace.data.id).single();
  expect(
    (await client.from("messages").insert({ channel_id: general?.id, body: "kept by a schema and a data dump" })).error,
  ).toBeNull();
}, 240_000);

afterAll(async () => {
  for (const stack of running.splice(0)) await runCli(["stop", ...stack.args], stack.env);
  for (const project of projects.splice(0)) await project.remove();
}, 120_000);

describe("parley-stack db dump (schema)", () => {
  it("rebuilds Parley's schema, policies and grants on a stack without migrations", { timeout: 300_000 }, async () => {
    const folder = path.dirname(source.project.workdir);
    const schemaFile = path.join(folder, "schema.sql");
    const dataFile = path.join(folder, "data.sql");
    await cli(source, "db", "dump", "-f", schemaFile);
    await cli(source, "db", "dump", "--data-only", "-f", dataFile);

    const target = await parleyProject();
    projects.push(target.project);
    await rm(path.join(target.project.workdir, "supabase", "migrations"), { recursive: true });
    await writeFile(path.join(target.project.workdir, "supabase", "seed.sql"), "-- nothing\n");
    const bare = await startDetached(target);
    running.push(bare);
    await cli(bare, "db", "restore", "-f", schemaFile);
    await cli(bare, "db", "restore", "-f", dataFile);

    const restored = await snapshot(bare.status.DB_URL ?? "", CATALOG);
    const original = await snapshot(source.status.DB_URL ?? "", CATALOG);
    CATALOG.forEach((query, i) => expect(JSON.parse(restored[i] ?? ""), query).toEqual(JSON.parse(original[i] ?? "")));
    const client = publicClient(bare);
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    const { data: messages } = await client.from("messages").select("body");
    expect(messages).toEqual([{ body: "kept by a schema and a data dump" }]);
    const another = await client.rpc("create_workspace", { name: "After restore", slug: "after-restore" });
    expect(another.error).toBeNull();
  });
});
