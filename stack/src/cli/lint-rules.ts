import type pg from "pg";
import { SCHEMA_EXCLUDED_SCHEMAS } from "../backup/dump-scope.ts";

/**
 * One finding, in the shape of Supabase's database advisors (splinter, shown by Studio's Security
 * and Performance Advisors): the rule's name, its level, what it is about and how to fix it.
 */
export interface LintFinding {
  name: string;
  level: "error" | "warning";
  categories: ["SECURITY"] | ["PERFORMANCE"];
  object: string;
  detail: string;
  remediation: string;
}

/** The platform's schemas as LIKE patterns (`pg_*` → `pg\_%`): their objects are not the project's. */
export const PLATFORM_SCHEMA_PATTERNS = SCHEMA_EXCLUDED_SCHEMAS.map((name) =>
  name.replace(/_/g, "\\_").replace(/\*/g, "%"),
);

const DOCS = "https://supabase.com/docs/guides/database/database-linter?lint=";

/** 0013 rls_disabled_in_public: a table in an API-exposed schema anyone with the anon key can read. */
export async function tablesWithoutRls(client: pg.ClientBase, exposed: readonly string[]): Promise<LintFinding[]> {
  const rows = await client.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relrowsecurity and n.nspname = any($1::text[])
        and not c.relispartition
      order by 1`,
    [exposed],
  );
  return rows.rows.map((row) => ({
    name: "rls_disabled_in_public",
    level: "error",
    categories: ["SECURITY"],
    object: row.name,
    detail: `Table \`${row.name}\` is public, but RLS has not been enabled.`,
    remediation: `${DOCS}0013_rls_disabled_in_public`,
  }));
}

/** 0011 function_search_path_mutable: a caller's search_path could make it run another object. */
export async function functionsWithMutableSearchPath(client: pg.ClientBase): Promise<LintFinding[]> {
  const rows = await client.query<{ name: string }>(
    `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as name
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where not (n.nspname like any($1::text[]))
        and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search\\_path=%')
      order by 1`,
    [PLATFORM_SCHEMA_PATTERNS],
  );
  return rows.rows.map((row) => ({
    name: "function_search_path_mutable",
    level: "warning",
    categories: ["SECURITY"],
    object: row.name,
    detail: `Function \`${row.name}\` has a role mutable search_path`,
    remediation: `${DOCS}0011_function_search_path_mutable`,
  }));
}

/** Calls the advisors want wrapped in `(select …)` so PostgreSQL evaluates them once, not per row. */
const PER_ROW_CALLS = ["auth.uid()", "auth.jwt()", "auth.role()", "auth.email()", "current_setting("];

/** 0003 auth_rls_initplan: a policy calling auth.uid() (and friends) once per row. */
export async function policiesCallingAuthPerRow(client: pg.ClientBase): Promise<LintFinding[]> {
  const rows = await client.query<{ schemaname: string; tablename: string; policyname: string; body: string }>(
    `select schemaname, tablename, policyname, lower(concat_ws(' ', qual, with_check)) as body
       from pg_policies where not (schemaname like any($1::text[])) order by 1, 2, 3`,
    [PLATFORM_SCHEMA_PATTERNS],
  );
  // pg_policies shows a wrapped call as `( SELECT auth.uid() AS uid)`: count bare calls beyond those.
  const count = (text: string, needle: string) => text.split(needle).length - 1;
  return rows.rows
    .filter((row) => {
      const body = row.body.replace(/\s+/g, " ");
      return PER_ROW_CALLS.some((call) => count(body, call) > count(body, `select ${call}`));
    })
    .map((row) => {
      const table = `${row.schemaname}.${row.tablename}`;
      return {
        name: "auth_rls_initplan",
        level: "warning",
        categories: ["PERFORMANCE"],
        object: `${table} policy "${row.policyname}"`,
        detail: `Table \`${table}\` has a row level security policy \`${row.policyname}\` that re-evaluates auth.<function>() or current_setting() for each row. Replace auth.<function>() with (select auth.<function>()).`,
        remediation: `${DOCS}0003_auth_rls_initplan`,
      };
    });
}

/** 0001 unindexed_foreign_keys: no index starts with the key's columns, so deletes and joins scan. */
export async function unindexedForeignKeys(client: pg.ClientBase): Promise<LintFinding[]> {
  const rows = await client.query<{ tablename: string; fkey: string }>(
    `select format('%I.%I', n.nspname, c.relname) as tablename, k.conname as fkey
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and not (n.nspname like any($1::text[]))
        and not exists (
          select 1 from pg_index i
           where i.indrelid = k.conrelid
             and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] @> k.conkey
             and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(k.conkey)] <@ k.conkey)
      order by 1, 2`,
    [PLATFORM_SCHEMA_PATTERNS],
  );
  return rows.rows.map((row) => ({
    name: "unindexed_foreign_keys",
    level: "warning",
    categories: ["PERFORMANCE"],
    object: `${row.tablename} constraint ${row.fkey}`,
    detail: `Table \`${row.tablename}\` has a foreign key \`${row.fkey}\` without a covering index. This can lead to suboptimal query performance.`,
    remediation: `${DOCS}0001_unindexed_foreign_keys`,
  }));
}
