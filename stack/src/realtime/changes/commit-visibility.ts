import type { Database } from "../../db/index.ts";

const POLL_MS = 2;
const GIVE_UP_MS = 2_000;

/**
 * A transaction reaches the replication stream as soon as its commit record is in the WAL, a
 * moment before PostgreSQL makes it visible to new snapshots. A policy check run in that moment
 * would not find the row and drop the change, so checks wait until a fresh snapshot sees the
 * transaction: its id is below the snapshot's xmax and not among the running ones. The stream
 * carries 32-bit xids; the snapshot's 64-bit ones are compared modulo 2^32.
 * Resolves false if the transaction is still not visible after two seconds. Each RLS check asks
 * within its own statement (`visibility.ts`); this poll runs only when one of them was too early.
 */
export async function waitUntilVisible(db: Database, xid: number): Promise<boolean> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const { rows } = await db.admin.query<{ visible: boolean }>(`select ${visibleToNewSnapshotsSql("$1")} as visible`, [
      xid,
    ]);
    if (rows[0]?.visible) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * A boolean SQL expression: is the transaction whose 32-bit id is bound at `xidParam` (an int8
 * parameter) visible to a snapshot taken now? Other queries carry it so that the common case —
 * already visible — costs no round trip of its own.
 */
export function visibleToNewSnapshotsSql(xidParam: string): string {
  return `(select not exists (select 1 from pg_snapshot_xip(s) x where (x::text::int8 & 4294967295) = ${xidParam}::int8)
     and ((pg_snapshot_xmax(s)::text::int8 & 4294967295) - ${xidParam}::int8 + 4294967296) % 4294967296 between 1 and 2147483647
   from pg_current_snapshot() s)`;
}
