import type { Database } from "../../db/index.ts";
import type { RelationInfo } from "./relations.ts";

export type TextTuple = Record<string, string | null | undefined>;
export type JsonRecord = Record<string, unknown>;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * SQL building a jsonb object from a change's text values, each cast to its column type, so values
 * are exactly what `to_jsonb(value::type)` gives. Absent values
 * (unchanged TOAST, non-key columns of a key tuple) are left out.
 */
function objectSql(info: RelationInfo, tuple: TextTuple | null, params: unknown[]): string {
  if (!tuple) return "null::jsonb";
  const pairs = info.columns
    .filter((column) => tuple[column.name] !== undefined)
    .map((column) => {
      params.push(tuple[column.name]);
      return `${literal(column.name)}, to_jsonb($${params.length}::text::${column.sqlType})`;
    });
  if (pairs.length === 0) return "'{}'::jsonb";
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) chunks.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(", ")})`);
  return chunks.join(" || ");
}

export interface TypedRecords {
  record: JsonRecord | null;
  old: JsonRecord | null;
}

/** The change's new and old rows as typed JSON, cast by PostgreSQL in one round trip. */
export async function typedRecords(
  db: Database,
  info: RelationInfo,
  newTuple: TextTuple | null,
  oldTuple: TextTuple | null,
): Promise<TypedRecords> {
  const params: unknown[] = [];
  const record = objectSql(info, newTuple, params);
  const old = objectSql(info, oldTuple, params);
  const { rows } = await db.admin.query<TypedRecords>(`select ${record} as record, ${old} as old`, params);
  return rows[0] ?? { record: null, old: null };
}

export { literal as sqlLiteral };
