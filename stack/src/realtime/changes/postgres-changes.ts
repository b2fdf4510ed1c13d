import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import type { PostgresBinding } from "../channel/join-config.ts";
import type { ChangeFeed, ChangeRegistration, ChangeSubscriber } from "../context.ts";
import { SYSTEM_MESSAGES } from "../errors.ts";
import { bindingIds } from "./binding-id.ts";
import { ChangeDispatcher, type DatabaseBroadcast } from "./dispatcher.ts";
import { OnDemandStream } from "./on-demand-stream.ts";
import { RelationCatalog } from "./relations.ts";
import { ReplicationStream } from "./replication.ts";
import { resolveBinding } from "./resolve-binding.ts";
import { SubscriptionRegistry, type Subscription } from "./subscriptions.ts";
import { CheckConnectionWarmer } from "./warm-checks.ts";

/**
 * Postgres changes for the channels: bindings become subscriptions (validated against the
 * `supabase_realtime` publication), the replication stream feeds the dispatcher. Every subscribed
 * channel is a listener of the stream (`on-demand-stream.ts`), which runs only while there is one.
 */
export class PostgresChanges implements ChangeFeed {
  private readonly registry = new SubscriptionRegistry();
  private readonly catalog: RelationCatalog;
  private readonly stream: ReplicationStream;
  private readonly demand: OnDemandStream;
  private readonly warmer: CheckConnectionWarmer;
  private broadcast: DatabaseBroadcast = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    this.catalog = new RelationCatalog(db);
    const dispatcher = new ChangeDispatcher(
      db,
      this.catalog,
      this.registry,
      logger,
      (...args) => this.broadcast(...args),
      (connections) => this.warmer.checksRan(connections),
    );
    this.stream = new ReplicationStream(
      db,
      logger,
      (piece, turn) => dispatcher.dispatch(piece, turn),
      (relation) => this.catalog.invalidate(relation.relationOid),
    );
    this.demand = new OnDemandStream(db, logger, this.stream);
    this.warmer = new CheckConnectionWarmer(db, logger, this.registry, (table, subscriptions) =>
      dispatcher.sampleCheck(table, subscriptions),
    );
  }

  get ready(): boolean {
    return this.stream.running;
  }

  onDatabaseBroadcast(handler: DatabaseBroadcast): void {
    this.broadcast = handler;
  }

  /** Makes sure the slot exists; the stream itself starts with the first listener. */
  async start(): Promise<void> {
    await this.demand.open();
    this.warmer.start();
  }

  async stop(): Promise<void> {
    await this.warmer.stop();
    await this.demand.close();
  }

  /** Stops and drops the slot (before `db reset`, which drops the database it belongs to). */
  async release(): Promise<void> {
    await this.warmer.stop();
    await this.demand.drop();
  }

  async subscribe(subscriber: ChangeSubscriber, bindings: PostgresBinding[]): Promise<ChangeRegistration> {
    // Started now, awaited last: the bindings are resolved while the stream (if idle) starts.
    const listening = this.demand.listen(subscriber);
    const registration = await this.register(subscriber, bindings);
    await listening;
    return registration;
  }

  private async register(subscriber: ChangeSubscriber, bindings: PostgresBinding[]): Promise<ChangeRegistration> {
    const ids = bindingIds(bindings);
    if (bindings.length === 0) return { ids, system: [] };
    const entries: { table: string; subscription: Subscription }[] = [];
    const system: ChangeRegistration["system"] = [];
    for (const [index, binding] of bindings.entries()) {
      const resolved = await resolveBinding(this.db, binding);
      if (!resolved.ok) {
        system.push({ status: "error", message: resolved.message });
        continue;
      }
      for (const table of resolved.tables) {
        entries.push({
          table,
          subscription: {
            subscriber,
            id: ids[index] ?? 0,
            action: resolved.action,
            filters: resolved.filters,
            select: resolved.select,
          },
        });
      }
    }
    this.registry.replace(subscriber, entries);
    this.warmer.audienceChanged();
    if (entries.length > 0) system.unshift({ status: "ok", message: SYSTEM_MESSAGES.subscribed });
    return { ids, system };
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    this.registry.remove(subscriber);
    this.warmer.audienceChanged();
    this.demand.leave(subscriber);
  }
}
