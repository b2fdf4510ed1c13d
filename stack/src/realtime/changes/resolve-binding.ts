import type { Database } from "../../db/index.ts";
import type { PostgresBinding } from "../channel/join-config.ts";
import { FilterParseError, parseFilter, type FilterCondition } from "./filters.ts";

export type ResolvedBinding =
  | { ok: true; tables: string[]; action: string; filters: FilterCondition[]; select: string[] | null }
  | { ok: false; message: string };

const PUBLICATION = "supabase_realtime";

/**
 * Resolves one `postgres_changes` binding to the published tables it covers (schema `*` = all,
 * table `*`/absent = all of the schema, table alone ⇒ `public`) and validates its filter, with
 * upstream's refusal messages (`subscriptions.ex`).
 */
export async function resolveBinding(db: Database, binding: PostgresBinding): Promise<ResolvedBinding> {
  const event = typeof binding.event === "string" ? binding.event.toUpperCase() : "*";
  const action = ["INSERT", "UPDATE", "DELETE"].includes(event) ? event : "*";
  const schemaGiven = typeof binding.schema === "string" && binding.schema !== "";
  const tableGiven = typeof binding.table === "string" && binding.table !== "";
  const params = `[event: ${String(binding.event ?? "*")}, schema: ${String(binding.schema ?? "")}, table: ${String(binding.table ?? "*")}, filters: [${typeof binding.filter === "string" ? binding.filter : ""}]]`;
  if (!schemaGiven && !tableGiven)
    return {
      ok: false,
      message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${params}`,
    };
  const schema = schemaGiven ? (binding.schema as string) : "public";
  const table = tableGiven ? (binding.table as string) : "*";
  let filters: FilterCondition[];
  try {
    filters = parseFilter(binding.filter);
  } catch (error) {
    if (error instanceof FilterParseError)
      return { ok: false, message: `Error parsing \`filter\` params: ${error.message}` };
    throw error;
  }
  let select: string[] | null = null;
  if (binding.select !== undefined && binding.select !== null) {
    if (
      !Array.isArray(binding.select) ||
      binding.select.some((c) => typeof c !== "string") ||
      table === "*" ||
      schema === "*"
    ) {
      return { ok: false, message: `Error parsing \`select\` params: ${JSON.stringify(binding.select)}` };
    }
    select = binding.select as string[];
  }
  const { rows } = await db.admin.query<{ schemaname: string; tablename: string; columns: string[] }>(
    `select p.schemaname, p.tablename,
            array(select attname from pg_attribute where attrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and attnum > 0 and not attisdropped)::text[] as columns
     from pg_publication_tables p
     where p.pubname = $1 and ($2 = '*' or p.schemaname = $2) and ($3 = '*' or p.tablename = $3)`,
    [PUBLICATION, schema, table],
  );
  if (rows.length === 0) {
    return {
      ok: false,
      message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${params}`,
    };
  }
  for (const condition of filters) {
    if (rows.some((row) => !row.columns.includes(condition.column))) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${params}. Exception: ERROR P0001 (raise_exception) invalid column for filter ${condition.column}`,
      };
    }
  }
  return { ok: true, tables: rows.map((row) => `${row.schemaname}.${row.tablename}`), action, filters, select };
}
