// Bulk loads into tables that realtime streams (messages), settled before anything is measured.
//
// Realtime reads every committed change of its publications from a logical replication slot, in
// the stack's own process, while any channel is joined. A load of a million messages in one
// transaction is then a million changes: PostgreSQL's walsender decodes them all at once when the
// transaction commits, and the stack parses them all, for tens of seconds on two cores. With no
// channel joined (as during these loads) realtime only fast-forwards its slot past the load every
// few seconds, which decodes no rows. Either way, requests measured before realtime has moved past
// a load share the CPU with that work, so the figures are taken once realtime has confirmed a
// position past the load: the steady state a deployment would be in.

import { REALTIME_SLOT } from "./replication.js";

const CATCH_UP_LIMIT_MS = 10 * 60_000;

/**
 * Runs `load` (statements on `db`) in one transaction and returns a WAL position inside it, taken
 * just before its commit: once realtime has confirmed a position past it, it has read the load.
 */
export async function loadInOneTransaction(db, load) {
  await db.query("begin");
  try {
    await load();
    const {
      rows: [{ lsn }],
    } = await db.query("select pg_current_wal_insert_lsn()::text as lsn");
    await db.query("commit");
    return lsn;
  } catch (error) {
    await db.query("rollback");
    throw error;
  }
}

/**
 * Waits until realtime has confirmed reading past `lsn` (it confirms a transaction once it has
 * handled it), or gives up after ten minutes and says so. Returns at once when realtime has no slot
 * (switched off). Resolves to the wait in ms.
 */
export async function waitForRealtimeToRead(db, lsn) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(
      "select confirmed_flush_lsn >= $2::pg_lsn as read from pg_replication_slots where slot_name = $1",
      [REALTIME_SLOT, lsn],
    );
    if (rows.length === 0 || rows[0].read) return performance.now() - started;
    if (performance.now() - started > CATCH_UP_LIMIT_MS) {
      // A slow, shared machine: measure during the backlog, as before, rather than lose the bench.
      process.stderr.write(`bench: growth: realtime had not read the bulk load after ${CATCH_UP_LIMIT_MS / 1000} s\n`);
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
