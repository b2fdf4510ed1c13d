import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import { connectionsFor, warmConnections, type SubscriberCheck } from "./policy-checks.ts";
import type { Subscription, SubscriptionRegistry } from "./subscriptions.ts";

/** The check a change of a table runs for one of its callers, and how many callers a change checks. */
export type SampleCheck = (
  table: string,
  subscriptions: readonly Subscription[],
) => Promise<{ check: SubscriberCheck; callers: number } | null>;

/**
 * At most this many connections are kept: the checks of 500 callers spread over eight, and a
 * larger audience's change opens the pool's remaining ones itself. Each is a PostgreSQL backend
 * of several MiB, so the number follows the audience rather than the pool's maximum.
 */
const CONNECTIONS_MAX = 8;
/** Warm-ups send one sample per table, for the tables with the largest audiences. */
const TABLES_MAX = 8;
/** Under pg's idle timeout (10 s), so a kept connection is used again before the pool closes it. */
const KEEP_MS = 5_000;
/** Joins arriving in a burst are looked at once per this, not once each. */
const BURST_GAP_MS = 25;

/**
 * Keeps the connections a change's policy checks need open and ready while an audience is
 * subscribed, as upstream holds its database connections while a project has clients. A change's
 * checks spread over one connection per 64 callers (`policy-checks.ts`); a connection the pool has
 * to open for them costs a PostgreSQL backend's start (fork, SCRAM authentication) and its first
 * statements' catalog reads and planning — at 500 subscribers that made the first change after
 * subscribing several times slower than the next ones. So when the audience grows, as many
 * connections as its largest table's change would use (up to CONNECTIONS_MAX) run that table's
 * very check statement once, on a row of nulls; every KEEP_MS they run it again, which keeps them
 * from the pool's idle timeout. Once nobody is subscribed the warm-ups stop, and the pool closes
 * the connections after its idle timeout as before.
 */
export class CheckConnectionWarmer {
  private running: Promise<void> | null = null;
  private again = false;
  private renew = false;
  private stopped = true;
  private keep: NodeJS.Timeout | undefined;
  /** When a change's checks last used as many connections as are kept (`Date.now()`). */
  private lastUsed = 0;
  /** What the last warm-up covered: a join that needs no more connections nor statements sends nothing. */
  private covered = { connections: 0, statements: new Set<string>() };

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly registry: SubscriptionRegistry,
    private readonly sample: SampleCheck,
  ) {}

  start(): void {
    this.stopped = false;
    this.audienceChanged();
  }

  /** Stops the warm-ups; resolves once the one under way (if any) is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.keep);
    this.keep = undefined;
    await this.running;
    // A `db reset` ends every connection: after a restart, nothing counts as warmed.
    this.covered = { connections: 0, statements: new Set() };
  }

  /**
   * A change's checks are using `connections` connections: if that is as many as are kept, they
   * are in use anyway, and the next renewal waits KEEP_MS from now (no extra exchanges, and none
   * that would hold connections a change's checks are waiting for).
   */
  checksRan(connections: number): void {
    if (connections >= this.covered.connections) this.lastUsed = Date.now();
  }

  /** A channel subscribed or left: warms what the audience now needs, unless already covered. */
  audienceChanged(): void {
    this.schedule(false);
  }

  /** Warms now, or after the warm-up under way (`renew`: the kept connections' periodic use). */
  private schedule(renew: boolean): void {
    if (this.stopped) return;
    this.renew ||= renew;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = null));
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      const renew = this.renew;
      this.renew = false;
      await this.warmUp(renew).catch((error: unknown) =>
        this.logger.debug({ err: error }, "realtime: check connections not warmed"),
      );
      if (this.again) await new Promise((resolve) => setTimeout(resolve, BURST_GAP_MS));
    } while (this.again && !this.stopped);
  }

  /** Runs the samples on the connections the audience needs; only what is new unless `renew`. */
  private async warmUp(renew: boolean): Promise<void> {
    const largest = this.registry
      .tables()
      .sort((a, b) => b.subscriptions.size - a.subscriptions.size)
      .slice(0, TABLES_MAX);
    const samples = await Promise.all(
      largest.map(({ table, subscriptions }) =>
        this.sample(table, [...subscriptions]).catch((error: unknown) => {
          this.logger.debug({ err: error, table }, "realtime: no sample check for a table");
          return null;
        }),
      ),
    );
    const found = samples.filter((sample) => sample !== null);
    const connections = Math.min(CONNECTIONS_MAX, Math.max(0, ...found.map(({ callers }) => connectionsFor(callers))));
    this.keepWarm(connections > 0);
    const statements = new Set(found.map(({ check }) => check.check.statement?.text ?? ""));
    const uncovered =
      connections > this.covered.connections || [...statements].some((text) => !this.covered.statements.has(text));
    if (connections === 0 || this.stopped || !(renew || uncovered)) return;
    await warmConnections(
      this.db,
      found.map(({ check }) => check),
      connections,
    );
    this.covered = { connections, statements };
  }

  /** While `wanted`, a renewed warm-up every KEEP_MS; otherwise none. */
  private keepWarm(wanted: boolean): void {
    if (!wanted) {
      clearTimeout(this.keep);
      this.keep = undefined;
      this.covered = { connections: 0, statements: new Set() };
      return;
    }
    if (this.keep || this.stopped) return;
    this.armKeep(KEEP_MS);
  }

  private armKeep(ms: number): void {
    this.keep = setTimeout(() => {
      this.keep = undefined;
      const sinceUsed = Date.now() - this.lastUsed;
      if (sinceUsed < KEEP_MS) this.armKeep(KEEP_MS - sinceUsed);
      else this.schedule(true);
    }, ms);
    this.keep.unref();
  }
}
