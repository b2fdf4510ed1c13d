import type { Database } from "../../db/index.ts";

export const SLOT_NAME = "supabase_realtime_replication_slot";
/** How often `waitUntilSlotReleased` asks, and when it stops asking. */
const RELEASE_POLL_MS = 10;
const RELEASE_GIVE_UP_MS = 10_000;

/**
 * Creates the realtime slot if it does not exist. Creating a logical slot waits until every
 * transaction running at that moment has ended, so this runs at start-up, never on a join.
 */
export async function ensureSlot(db: Database): Promise<void> {
  await db.admin.query(
    `select pg_create_logical_replication_slot($1, 'pgoutput')
     where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
    [SLOT_NAME],
  );
}

/**
 * Moves the slot, while no stream reads it, to the end of the flushed WAL: transactions that
 * committed before that point will never be sent, and the WAL before it is free to recycle.
 * PostgreSQL fast-forwards (it reads the WAL but neither decodes rows nor runs pgoutput), which
 * costs a small fraction of streaming the same WAL. A transaction still running keeps its start
 * (the slot's `restart_lsn` stays before it), so it is sent in full if it commits later.
 * Does nothing while a stream holds the slot, or when the slot is already there.
 */
export async function advanceIdleSlot(db: Database): Promise<void> {
  await db.admin.query(
    `select pg_replication_slot_advance(slot_name, pg_current_wal_flush_lsn())
     from pg_replication_slots
     where slot_name = $1 and not active and confirmed_flush_lsn < pg_current_wal_flush_lsn()`,
    [SLOT_NAME],
  );
}

/**
 * Resolves once no walsender holds the slot: a stream's connection is closed a moment before its
 * walsender lets go of the slot, and the slot can neither be advanced nor streamed again until then.
 */
export async function waitUntilSlotReleased(db: Database): Promise<void> {
  const deadline = Date.now() + RELEASE_GIVE_UP_MS;
  for (;;) {
    const { rows } = await db.admin.query<{ active: boolean }>(
      "select active from pg_replication_slots where slot_name = $1",
      [SLOT_NAME],
    );
    if (!rows[0]?.active || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS));
  }
}

/** Drops the slot (before `db reset`, which drops the database it belongs to). */
export async function dropSlot(db: Database): Promise<void> {
  await db.admin.query(
    "select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active",
    [SLOT_NAME],
  );
}
