import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from "pg-logical-replication";
import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import { DeliveryTurn } from "./delivery-turn.ts";

export const SLOT_NAME = "supabase_realtime_replication_slot";
/** The project's tables and the DB-broadcast table, in one commit-ordered stream. */
const PUBLICATIONS = ["supabase_realtime", "supabase_realtime_messages_publication"];
/** Transactions prepared at once (their casts and policy checks in flight together). */
const PREPARED_AHEAD = 4;

export type RowChange = Pgoutput.MessageInsert | Pgoutput.MessageUpdate | Pgoutput.MessageDelete;

/** One committed transaction's row changes, in order. */
export interface Transaction {
  /** Commit time, microseconds since the Unix epoch. */
  commitTime: bigint;
  /** Transaction id (32-bit, as pgoutput sends it). */
  xid: number;
  changes: RowChange[];
}

/**
 * A *permanent* logical slot on pgoutput (upstream uses a temporary wal2json slot; this one must
 * survive restarts): a transaction is acknowledged only after it has been handed out, so a restart
 * neither replays delivered changes nor loses undelivered ones. Only committed transactions arrive
 * (proto_version 1 never streams in-progress ones). Up to PREPARED_AHEAD transactions are handled
 * at once, so one waiting on its policy checks does not hold up the next one's; each delivers only
 * in its turn (`delivery-turn.ts`), so subscribers see commit order.
 */
export class ReplicationStream {
  private service: LogicalReplicationService | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** The last PREPARED_AHEAD transactions' handling, oldest first. */
  private preparing: Promise<void>[] = [];
  private pending = 0;
  private open: Transaction | null = null;
  private stopped = true;
  private retry: NodeJS.Timeout | undefined;
  running = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly onTransaction: (tx: Transaction, turn: DeliveryTurn) => Promise<void>,
    private readonly onRelation: (relation: Pgoutput.MessageRelation) => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.db.admin.query(
      `select pg_create_logical_replication_slot($1, 'pgoutput')
       where not exists (select 1 from pg_replication_slots where slot_name = $1)`,
      [SLOT_NAME],
    );
    const service = new LogicalReplicationService(
      { connectionString: this.db.url, application_name: "parley-realtime" },
      { acknowledge: { auto: false, timeoutSeconds: 0 } },
    );
    this.service = service;
    service.on("data", (lsn: string, message: Pgoutput.Message) => this.onMessage(message));
    service.on("heartbeat", (lsn: string, _time: number, shouldRespond: boolean) => {
      if (shouldRespond && this.pending === 0 && this.open === null) void service.acknowledge(lsn);
    });
    service.on("error", (error: Error) => this.restartLater(error));
    const started = new Promise<void>((resolve) => service.once("start", () => resolve()));
    service
      .subscribe(new PgoutputPlugin({ protoVersion: 1, publicationNames: PUBLICATIONS }), SLOT_NAME)
      .catch((error: unknown) => this.restartLater(error as Error));
    await started;
    this.running = true;
  }

  /** Stops streaming; what was delivered is acknowledged first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.queue;
    this.running = false;
    const service = this.service;
    this.service = null;
    await service?.destroy();
  }

  /** Stops and drops the slot (before `db reset`, which drops the database it belongs to). */
  async release(): Promise<void> {
    await this.stop();
    await this.db.admin
      .query(
        "select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active",
        [SLOT_NAME],
      )
      .catch(() => undefined);
  }

  private onMessage(message: Pgoutput.Message): void {
    switch (message.tag) {
      case "relation":
        // Keep column values as PostgreSQL's text: PostgreSQL itself casts them (typed JSON, filters).
        for (const column of message.columns) column.parser = (raw: unknown) => raw;
        this.onRelation(message);
        return;
      case "begin":
        this.open = { commitTime: message.commitTime as bigint, xid: message.xid, changes: [] };
        return;
      case "insert":
      case "update":
      case "delete":
        this.open?.changes.push(message);
        return;
      case "commit": {
        const tx = this.open;
        this.open = null;
        if (!tx || !message.commitEndLsn) return;
        const lsn = message.commitEndLsn;
        const service = this.service;
        this.pending += 1;
        const turn = new DeliveryTurn();
        const slot = this.preparing.length < PREPARED_AHEAD ? Promise.resolve() : this.preparing.shift();
        const handled = (slot ?? Promise.resolve())
          .then(() => this.onTransaction(tx, turn))
          .catch((error: unknown) => this.logger.error({ err: error }, "realtime: change delivery failed"));
        this.preparing.push(handled);
        this.queue = this.queue
          .then(() => {
            turn.begin();
            return handled;
          })
          .then(() => service?.acknowledge(lsn))
          .then(() => {
            this.pending -= 1;
          });
        return;
      }
      default:
        return;
    }
  }

  private restartLater(error: Error): void {
    if (this.stopped) return;
    this.running = false;
    this.logger.warn({ err: error }, "realtime: replication stream lost, reconnecting");
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      void this.service?.destroy();
      this.service = null;
      this.start().catch((again: unknown) => this.restartLater(again as Error));
    }, 1000);
  }
}
