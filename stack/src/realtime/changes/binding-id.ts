import { createHash } from "node:crypto";
import type { PostgresBinding } from "../channel/join-config.ts";

/**
 * Upstream ids a binding with an integer hash of its params (`add_id_to_postgres_changes`,
 * phash2-sized). The same params always get the same id, so re-subscribing after a token refresh
 * keeps the ids the client holds; equal bindings in one channel are bumped to stay unique.
 */
export function bindingIds(bindings: PostgresBinding[]): number[] {
  const used = new Set<number>();
  return bindings.map((binding) => {
    const digest = createHash("sha1").update(stableJson(binding)).digest();
    let id = digest.readUInt32BE(0) % 2 ** 27;
    while (used.has(id)) id = (id + 1) % 2 ** 27;
    used.add(id);
    return id;
  });
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
