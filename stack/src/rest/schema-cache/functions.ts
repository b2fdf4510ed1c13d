// RPC functions and computed relationships (PostgREST SchemaCache.hs `allFunctions`, `allComputedRels`).

import type pg from "pg";
import { COMPUTED_RELATIONSHIPS_SQL, FUNCTIONS_SQL } from "./queries.ts";
import { qualifiedKey, type FunctionParam, type RestFunction, type Table } from "./types.ts";

interface FunctionRow {
  schema: string;
  name: string;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
  nargs: number;
  ndefaults: number;
  return_type: string;
  returns_set: boolean;
  volatility: "v" | "s" | "i";
  return_typtype: string;
  return_relation: string;
  description: string | null;
}

const SINGLE_UNNAMED = new Set(["json", "jsonb", "text", "xml", "bytea"]);

export interface ComputedRow {
  schema: string;
  name: string;
  origin: string;
  target: string;
  to_many: boolean;
}

function toFunction(row: FunctionRow, tables: ReadonlyMap<string, Table>): RestFunction | undefined {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => "i");
  const inputs: { name: string; type: string; variadic: boolean }[] = [];
  let hasOut = false;
  modes.forEach((mode, i) => {
    if (mode === "o" || mode === "t") {
      hasOut = true;
      return;
    }
    if (mode === "b") hasOut = true;
    inputs.push({ name: row.arg_names[i] ?? "", type: row.arg_types[i] ?? "", variadic: mode === "v" });
  });
  const firstOptional = inputs.length - row.ndefaults;
  const params: FunctionParam[] = inputs.map((p, i) => ({ ...p, required: i < firstOptional }));
  let singleUnnamed: string | undefined;
  if (params.some((p) => p.name === "")) {
    const only = params[0];
    if (params.length !== 1 || only === undefined || !SINGLE_UNNAMED.has(only.type)) return undefined;
    singleUnnamed = only.type;
  }
  const relation = row.return_relation !== "0" ? tables.get(row.return_relation) : undefined;
  const returnKind: RestFunction["returnKind"] =
    row.return_type === "void"
      ? "void"
      : row.return_typtype === "c"
        ? "composite"
        : row.return_type === "record"
          ? hasOut
            ? "composite"
            : "record"
          : "scalar";
  return {
    schema: row.schema,
    name: row.name,
    params,
    description: row.description,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnKind,
    ...(relation ? { returnRelation: { schema: relation.schema, name: relation.name } } : {}),
    volatility: row.volatility,
    ...(singleUnnamed === undefined ? {} : { singleUnnamed }),
  };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareParams(a: readonly FunctionParam[], b: readonly FunctionParam[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) break;
    const order =
      compareText(x.name, y.name) ||
      compareText(x.type, y.type) ||
      Number(x.required) - Number(y.required) ||
      Number(x.variadic) - Number(y.variadic);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Overloads in PostgREST's order (Routine.hs `Ord Routine`): fewer parameters first, then by
 * description (none first) and the parameters (name, type, required, variadic) — the order PGRST203 lists.
 */
export function compareOverloads(a: RestFunction, b: RestFunction): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  const description =
    a.description === b.description
      ? 0
      : a.description === null
        ? -1
        : b.description === null
          ? 1
          : compareText(a.description, b.description);
  return description || compareParams(a.params, b.params) || compareText(a.returnType, b.returnType);
}

export async function loadFunctions(
  client: pg.Pool | pg.PoolClient,
  schemas: readonly string[],
  tables: ReadonlyMap<string, Table>,
) {
  const [rows, computedRows] = await Promise.all([
    client.query<FunctionRow>(FUNCTIONS_SQL, [schemas]),
    client.query<ComputedRow>(COMPUTED_RELATIONSHIPS_SQL, [schemas]),
  ]);
  const functions = new Map<string, RestFunction[]>();
  for (const row of rows.rows) {
    const fn = toFunction(row, tables);
    if (!fn) continue;
    const key = qualifiedKey(fn);
    functions.set(key, [...(functions.get(key) ?? []), fn]);
  }
  for (const overloads of functions.values()) overloads.sort(compareOverloads);
  return { functions, computed: computedRows.rows };
}
