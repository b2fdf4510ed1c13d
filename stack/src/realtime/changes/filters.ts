/** One `column=op.value` condition of a `postgres_changes` filter. */
export interface FilterCondition {
  column: string;
  op: FilterOp;
  /** The value as text; `in` carries a list. */
  value: string | string[];
  negate: boolean;
}

export const FILTER_OPS = [
  "eq",
  "neq",
  "lt",
  "lte",
  "gt",
  "gte",
  "in",
  "like",
  "ilike",
  "is",
  "match",
  "imatch",
  "isdistinct",
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export class FilterParseError extends Error {
  override name = "FilterParseError";
}

/**
 * Parses a filter string the way upstream's `parse_subscription_params` does: conditions joined by
 * commas (not inside parentheses or double quotes), all ANDed; `not.` negates; `in` needs
 * parentheses and at most 100 values; an empty filter is no filter.
 * @example parseFilter("room_id=eq.5,status=in.(a,b)")
 */
export function parseFilter(filter: unknown): FilterCondition[] {
  if (filter === undefined || filter === null) return [];
  if (typeof filter !== "string") throw new FilterParseError(`${JSON.stringify(filter)}`);
  if (filter.trim() === "") return [];
  return splitTopLevel(filter).map(parseCondition);
}

function parseCondition(text: string): FilterCondition {
  const match = /^([^=]+)=(.*)$/s.exec(text.trim());
  if (!match) throw new FilterParseError(text);
  const column = (match[1] ?? "").trim();
  let rest = match[2] ?? "";
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp;
  if (dot < 0 || column === "" || !FILTER_OPS.includes(op)) throw new FilterParseError(text);
  const raw = rest.slice(dot + 1);
  if (op === "in") {
    const list = /^\((.*)\)$/s.exec(raw);
    if (!list) throw new FilterParseError(text);
    const values = splitTopLevel(list[1] ?? "").map(unquote);
    if (values.length > 100) throw new FilterParseError(`too many values for \`in\` filter: ${values.length}`);
    return { column, op, value: values, negate };
  }
  if (op === "is" && !/^(null|true|false|unknown)$/i.test(raw)) throw new FilterParseError(text);
  return { column, op, value: unquote(raw), negate };
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  return trimmed;
}

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] ?? "";
    if (quoted && ch === "\\") {
      current += ch + (text[i + 1] ?? "");
      i += 1;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "(") depth += 1;
    else if (!quoted && ch === ")") depth -= 1;
    if (ch === "," && depth === 0 && !quoted) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

const SQL_OPS: Record<Exclude<FilterOp, "in" | "is" | "isdistinct">, string> = {
  eq: "=",
  neq: "<>",
  lt: "<",
  lte: "<=",
  gt: ">",
  gte: ">=",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
};

/**
 * The SQL for one condition, with PostgreSQL's casting semantics: both sides cast to the column's
 * type. `column` is an expression yielding the change's value as text (NULL when absent or null).
 * A NULL value never matches except through `is`/`isdistinct` (upstream's `check_equality_op`).
 */
export function conditionSql(condition: FilterCondition, columnText: string, type: string, valueParam: string): string {
  const left = `(${columnText})::${type}`;
  let sql: string;
  if (condition.op === "in") sql = `${left} = any((${valueParam})::text[]::${type}[])`;
  else if (condition.op === "is") sql = `${left} is ${String(condition.value).toLowerCase()}`;
  else if (condition.op === "isdistinct") sql = `${left} is distinct from (${valueParam})::${type}`;
  else {
    const castRight =
      condition.op === "like" || condition.op === "ilike" || condition.op === "match" || condition.op === "imatch"
        ? "text"
        : type;
    const leftSide = castRight === "text" ? `(${columnText})` : left;
    sql = `${leftSide} ${SQL_OPS[condition.op]} (${valueParam})::${castRight}`;
  }
  if (condition.negate)
    sql = condition.op === "is" || condition.op === "isdistinct" ? `not (${sql})` : `not coalesce(${sql}, true)`;
  return `coalesce(${sql}, false)`;
}
