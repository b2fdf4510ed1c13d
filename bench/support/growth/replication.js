// Waits for realtime to read what an earlier step wrote. A bulk load into a published table (the
// search step's million messages: public.messages is in supabase_realtime) leaves the realtime
// service's replication slot hundreds of MiB behind; until the service has read past it, its
// process and PostgreSQL's walsender are busy decoding that backlog, and whatever is measured
// meanwhile pays for it.

/** Realtime's logical slot (upstream's name, which the stack's realtime service uses). */
export const REALTIME_SLOT = "supabase_realtime_replication_slot";
/**
 * What may be left once caught up: realtime confirms the slot as it delivers published changes and
 * when the walsender's keepalive asks (every wal_sender_timeout / 2, 30 s by default), so an idle
 * service can trail the WAL by whatever unpublished writes came since; a bulk load is hundreds of MiB.
 */
const CAUGHT_UP_BYTES = 1024 * 1024;

/**
 * Resolves once realtime's slot is within 1 MiB of the WAL's end, or after `timeoutSeconds` (a
 * slow, shared machine can take minutes over a million rows; the figures that follow are then
 * measured during the backlog, as before, rather than lost): the seconds waited and how far
 * behind the slot still is.
 */
export async function waitForRealtimeToCatchUp(db, { timeoutSeconds = 1200 } = {}) {
  const started = performance.now();
  for (;;) {
    const {
      rows: [slot],
    } = await db.query(
      "select pg_wal_lsn_diff(pg_current_wal_lsn(), confirmed_flush_lsn)::bigint as behind from pg_replication_slots where slot_name = $1",
      [REALTIME_SLOT],
    );
    const seconds = (performance.now() - started) / 1000;
    const behind = slot ? Number(slot.behind) : 0;
    if (behind < CAUGHT_UP_BYTES || seconds > timeoutSeconds) return { seconds, behindMiB: behind / 1048576 };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
