import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import type { ReplicationStream } from "./replication.ts";
import { advanceIdleSlot, dropSlot, ensureSlot, waitUntilSlotReleased } from "./slot.ts";

/** How long the stream keeps running after the last listener left (a page reload rejoins within it). */
const LINGER_MS = 2_000;
/** How often an idle slot is moved to the end of the WAL, so that it holds back at most this much. */
const IDLE_ADVANCE_MS = 5_000;

/**
 * Runs the replication stream only while someone could receive what it reads — a channel with
 * `postgres_changes` bindings, or any joined channel, since `realtime.send` may broadcast to its
 * topic — as upstream starts reading changes with a project's first subscriber and stops after the
 * last. While nobody listens there is no walsender, so PostgreSQL decodes none of the project's
 * writes; the slot stays (creating one waits for every running transaction, too slow for a join)
 * and is fast-forwarded to the end of the WAL every IDLE_ADVANCE_MS, so it holds no WAL back.
 * The first listener's join waits until the slot was moved to the end of the WAL and the stream
 * is running again: every transaction that commits after its join reply reaches it; none that
 * committed while nobody listened does. Starts and stops run one at a time, in order.
 */
export class OnDemandStream {
  private readonly listeners = new Set<object>();
  private streaming = false;
  private closed = true;
  private transitions: Promise<void> = Promise.resolve();
  private linger: NodeJS.Timeout | undefined;
  private idleAdvance: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly stream: ReplicationStream,
  ) {}

  /** Creates the slot if needed; streams at once only if listeners are already there (after `db reset`). */
  async open(): Promise<void> {
    await ensureSlot(this.db);
    this.closed = false;
    await this.settle();
  }

  /** Resolves once every transaction that commits from now on will be read while `listener` stays. */
  listen(listener: object): Promise<void> {
    this.listeners.add(listener);
    clearTimeout(this.linger);
    return this.settle();
  }

  /** `listener` no longer needs the stream; the last one to leave stops it after LINGER_MS. */
  leave(listener: object): void {
    if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
    clearTimeout(this.linger);
    this.linger = setTimeout(() => void this.settle(), LINGER_MS);
    this.linger.unref();
  }

  /** Stops the stream (what was delivered is acknowledged) and the idle upkeep. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.linger);
    await this.settle();
  }

  /** Closes and drops the slot (before `db reset`, which drops the database it belongs to). */
  async drop(): Promise<void> {
    await this.close();
    await dropSlot(this.db).catch((error: unknown) => this.logger.warn({ err: error }, "realtime: slot not dropped"));
  }

  /** Brings the stream to the state the listeners ask for, after every transition queued before. */
  private settle(): Promise<void> {
    this.transitions = this.transitions
      .then(() => this.apply())
      .catch((error: unknown) => this.logger.warn({ err: error }, "realtime: replication stream not switched"));
    return this.transitions;
  }

  private async apply(): Promise<void> {
    const wanted = !this.closed && this.listeners.size > 0;
    if (wanted && !this.streaming) await this.startStreaming();
    else if (!wanted && this.streaming) await this.stopStreaming();
    this.scheduleIdleAdvance();
  }

  private async startStreaming(): Promise<void> {
    clearTimeout(this.idleAdvance);
    this.idleAdvance = undefined;
    await advanceIdleSlot(this.db).catch((error: unknown) =>
      this.logger.warn({ err: error }, "realtime: slot not moved to the end of the WAL"),
    );
    this.streaming = true;
    // On failure the stream keeps retrying by itself; the join goes on without waiting for it.
    await this.stream
      .start()
      .catch((error: unknown) => this.logger.warn({ err: error }, "realtime: replication stream did not start"));
  }

  private async stopStreaming(): Promise<void> {
    this.streaming = false;
    await this.stream.stop();
    await waitUntilSlotReleased(this.db);
  }

  /** While nothing streams (and the service is open), the slot is moved on every IDLE_ADVANCE_MS. */
  private scheduleIdleAdvance(): void {
    if (this.streaming || this.closed) {
      clearTimeout(this.idleAdvance);
      this.idleAdvance = undefined;
      return;
    }
    if (this.idleAdvance) return;
    this.idleAdvance = setTimeout(() => {
      this.idleAdvance = undefined;
      this.transitions = this.transitions
        .then(() => (this.streaming || this.closed ? undefined : advanceIdleSlot(this.db)))
        .catch((error: unknown) => this.logger.warn({ err: error }, "realtime: idle slot not advanced"))
        .then(() => this.scheduleIdleAdvance());
    }, IDLE_ADVANCE_MS);
    this.idleAdvance.unref();
  }
}
