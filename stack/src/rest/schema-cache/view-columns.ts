// Traces view columns to base-table columns from the view's rewrite rule (pg_rewrite.ev_action),
// as PostgREST's SchemaCache.hs does: each top-level TARGETENTRY carries `:resorigtbl` and
// `:resorigcol` for a column taken straight from a relation.

/**
 * The top-level target list entries of a stored query tree: (view column number, source table oid, source column
 * number).
 */
export function viewColumnSources(evAction: string): { resno: number; table: number; column: number }[] {
  const start = topLevelKey(evAction, ":targetList");
  if (start < 0) return [];
  const entries: { resno: number; table: number; column: number }[] = [];
  let depth = 0;
  let entryStart = -1;
  for (let i = start; i < evAction.length; i += 1) {
    const ch = evAction[i];
    if (ch === "\\") {
      i += 1;
      continue;
    }
    if (ch === "(" && depth === 0) {
      depth = 1;
      continue;
    }
    if (ch === "{" || ch === "(") {
      depth += 1;
      if (depth === 2 && ch === "{") entryStart = i;
    } else if (ch === "}" || ch === ")") {
      if (depth === 2 && ch === "}" && entryStart >= 0) {
        const entry = ownFields(evAction.slice(entryStart, i + 1));
        if (entry) entries.push(entry);
        entryStart = -1;
      }
      depth -= 1;
      if (depth === 0) break;
    }
  }
  return entries;
}

/** Position right after `key` where it occurs at depth 1 of the first `{QUERY …}` node. */
function topLevelKey(text: string, key: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === "\\") {
      i += 1;
      continue;
    }
    if (ch === "{" || ch === "(") depth += 1;
    else if (ch === "}" || ch === ")") depth -= 1;
    else if (depth === 2 && text.startsWith(key, i)) return i + key.length;
  }
  return -1;
}

/** `:resno`, `:resorigtbl`, `:resorigcol` of one TARGETENTRY, skipping nested nodes. */
function ownFields(entry: string): { resno: number; table: number; column: number } | undefined {
  let flat = "";
  let depth = 0;
  for (let i = 0; i < entry.length; i += 1) {
    const ch = entry[i];
    if (ch === "\\") {
      i += 1;
      continue;
    }
    if (ch === "{" || ch === "(") depth += 1;
    else if (ch === "}" || ch === ")") depth -= 1;
    else if (depth === 1) flat += ch;
  }
  const num = (key: string) => Number(new RegExp(`:${key} (\\d+)`).exec(flat)?.[1] ?? NaN);
  const resno = num("resno");
  const table = num("resorigtbl");
  const column = num("resorigcol");
  if (/:resjunk true/.test(flat) || !(table > 0) || !(column > 0)) return undefined;
  return { resno, table, column };
}
