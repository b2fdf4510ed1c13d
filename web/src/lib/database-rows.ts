import type { Database, TablesInsert } from "./database.types";

type PublicTable = keyof Database["public"]["Tables"];

/**
 * An insert row without the columns a `before insert` trigger derives from the parent row (a
 * message's `workspace_id` from its channel, a reaction's `channel_id` from its message). The
 * generated types mark those columns required, since they are `not null` without a default; the
 * app leaves them to the trigger (for messages the column grants refuse them anyway). The rest of
 * the row is still checked against the generated Insert type.
 * @example supabase.from("reactions").insert(rowWithDerivedColumns<"reactions", "channel_id">({ id, message_id, emoji }))
 */
export function rowWithDerivedColumns<Table extends PublicTable, Derived extends keyof TablesInsert<Table>>(
  row: Omit<TablesInsert<Table>, Derived>,
): TablesInsert<Table> {
  return row as TablesInsert<Table>;
}
