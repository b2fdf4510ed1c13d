// The JSON key each select item produces, as PostgREST names it: the alias, else the
// aggregate's name, else the last JSON path key, else the column name.

import type { SelectField } from "../parse/index.ts";
import type { EmbedNode, ReadNode } from "../plan/read-tree.ts";

export function fieldKey(item: SelectField): string {
  if (item.alias !== undefined) return item.alias;
  if (item.aggregate !== undefined) return item.aggregate;
  const keys = item.field.jsonPath.filter((s) => s.operand.kind === "key");
  return keys.length > 0 ? (keys[keys.length - 1]?.operand.value ?? item.field.name) : item.field.name;
}

/** Keys a node's rows carry, `*` expanded, spreads lifted (needed to lift a spread's keys into its parent). */
export function outputKeys(node: ReadNode): string[] {
  return node.output.flatMap((item) => {
    if (item.kind === "embed") return embedKeys(item);
    if (item.field.name === "*" && item.aggregate === undefined) return (node.table?.columns ?? []).map((c) => c.name);
    return [fieldKey(item)];
  });
}

export function embedKeys(embed: EmbedNode): string[] {
  if (embed.empty) return [];
  return embed.spread ? outputKeys(embed.node) : [embed.key];
}
