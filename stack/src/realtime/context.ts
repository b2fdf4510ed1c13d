import type { Logger } from "pino";
import type { Database } from "../db/index.ts";
import type { KeyRing } from "../gateway/index.ts";
import type { StreamRegistry } from "./broadcast/streams.ts";
import type { PostgresBinding } from "./channel/join-config.ts";
import type { Claims } from "./channel/token.ts";
import type { AverageRate, RealtimeLimits } from "./limits.ts";

/** A channel as Postgres changes see it: where to deliver, as whom. */
export interface ChangeSubscriber {
  readonly claims: Claims;
  deliverChange(ids: number[], data: Record<string, unknown>): void;
}

/** The result of registering a channel's `postgres_changes` bindings. */
export interface ChangeRegistration {
  /** Same order as the bindings: each binding's id, as echoed in the join reply. */
  ids: number[];
  /** `system` messages to push after the join reply: `Subscribed to PostgreSQL` or the refusals. */
  system: { status: "ok" | "error"; message: string }[];
}

/** Postgres changes as the channels use them; implemented by `changes/`. */
export interface ChangeFeed {
  /**
   * Registers a joined channel's bindings (none is fine: database broadcasts to its topic come from
   * the same stream); resolves once every change committed from then on will reach it.
   */
  subscribe(subscriber: ChangeSubscriber, bindings: PostgresBinding[]): Promise<ChangeRegistration>;
  unsubscribe(subscriber: ChangeSubscriber): void;
  /** True once the replication stream is running (`replication_ready`). */
  readonly ready: boolean;
}

/** What every channel and socket of the service shares. */
export interface RealtimeContext {
  db: Database;
  keys: KeyRing;
  logger: Logger;
  streams: StreamRegistry;
  changes: ChangeFeed;
  limits: RealtimeLimits;
  /** Messages received plus delivered, project-wide (upstream's `max_events_per_second`). */
  events: AverageRate;
  joins: AverageRate;
  /** Live sockets, for `max_concurrent_users`. */
  sockets: Set<unknown>;
}
