import { operations, type Action } from "./policy-operations.ts";
import type { Actor, World } from "./world.ts";

type Row = Record<string, unknown>;
const keyOf = (row: Row, key: readonly string[]) => Object.fromEntries(key.map((column) => [column, row[column]]));

async function adminRow(w: World, table: string, key: Row): Promise<Row | undefined> {
  const columns = Object.keys(key);
  const [row] = await w.sql(
    `select * from public.${table} where ${columns.map((c, i) => `"${c}" = $${i + 1}`).join(" and ")}`,
    Object.values(key),
  );
  return row;
}

/**
 * Tries one action on one table as the actor (through `w.client(actor)`) and reports whether it
 * actually happened, judged from the database.
 * @example expect(await attemptTableAction(w, "member", "delete", "channels")).toBe(false);
 */
export async function attemptTableAction(w: World, actor: Actor, action: Action, table: string): Promise<boolean> {
  const spec = operations[table];
  const operation = spec?.actions[action];
  if (!spec || !operation) throw new Error(`no operation for ${action} on ${table}`);
  const from = w.client(actor).from(table);
  if (action === "insert") {
    const row = await operation.newRow!(w, actor);
    const { error } = await from.insert(row);
    return error === null && (await adminRow(w, table, keyOf(row, spec.key))) !== undefined;
  }
  const key = keyOf(await operation.target!(w), spec.key);
  if (action === "select") {
    const { data, error } = await from.select("*").match(key);
    return error === null && data.length === 1;
  }
  if (action === "delete") {
    await from.delete().match(key);
    return (await adminRow(w, table, key)) === undefined;
  }
  const patch = operation.patch!(w, actor);
  const before = await adminRow(w, table, key);
  await from.update(patch).match(key);
  const after = await adminRow(w, table, key);
  // Judged by change rather than equality: triggers may normalise what was sent (deleted_at := now()).
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : JSON.stringify(value));
  return Object.keys(patch).every((column) => text(after?.[column]) !== text(before?.[column]));
}
