import { LogicalReplicationService, type Pgoutput } from "pg-logical-replication";
import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import { DeliveryTurn } from "./delivery-turn.ts";
import { HandedOut, lsnValue } from "./handed-out.ts";
import { SLOT_NAME } from "./slot.ts";
import { TextPgoutputPlugin } from "./text-pgoutput-plugin.ts";

/** The project's tables and the DB-broadcast table, in one commit-ordered stream. */
const PUBLICATIONS = ["supabase_realtime", "supabase_realtime_messages_publication"];
/** Pieces prepared at once (their casts and policy checks in flight together). */
const PREPARED_AHEAD = 4;
/** Changes per piece: a transaction with more arrives as several pieces. */
export const PIECE_SIZE = 500;
/** Pieces handed out but not yet delivered before the stream stops reading (backpressure). */
const WAITING_LIMIT = 16;
/** While nothing is being handed out, the server's position is acknowledged this long after it came. */
const IDLE_ACKNOWLEDGE_MS = 1_000;

export type RowChange = Pgoutput.MessageInsert | Pgoutput.MessageUpdate | Pgoutput.MessageDelete;

/**
 * A run of one committed transaction's row changes, in order: the whole transaction, or one piece
 * of at most PIECE_SIZE changes of a larger one (every piece carries the transaction's xid and
 * commit time, which BEGIN already announces).
 */
export interface TransactionPiece {
  /** Commit time, microseconds since the Unix epoch. */
  commitTime: bigint;
  /** Transaction id (32-bit, as pgoutput sends it). */
  xid: number;
  changes: RowChange[];
}

/**
 * Reads the *permanent* logical slot (`slot.ts`) with pgoutput while someone listens
 * (`on-demand-stream.ts` starts and stops it). A transaction is acknowledged only after all of it
 * has been handed out, so a reconnect neither replays delivered changes nor loses undelivered ones,
 * and a stop never leaves a delivered one to be replayed. Only committed transactions
 * arrive (proto_version 1 never streams in-progress ones), so a transaction's changes can be handed
 * on as they arrive, in pieces of PIECE_SIZE, without waiting for its COMMIT: memory stays bounded
 * however large it is. Up to PREPARED_AHEAD pieces are handled at once, so one waiting on its policy
 * checks does not hold up the next one's; each delivers only in its turn (`delivery-turn.ts`), so
 * subscribers see commit order. With WAITING_LIMIT pieces not yet delivered, the stream stops
 * reading (the library's flow control: the socket pauses until the handler's promise settles).
 */
export class ReplicationStream {
  private service: LogicalReplicationService | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** The last PREPARED_AHEAD pieces' handling, oldest first. */
  private preparing: Promise<void>[] = [];
  /** Pieces handed out and not yet delivered and acknowledged. */
  private pending = 0;
  private readonly waitingForRoom: (() => void)[] = [];
  /** The piece being filled, with what is known of its transaction so far. */
  private open: TransactionPiece | null = null;
  private readonly progress = new HandedOut();
  private lastAcknowledged: string | null = null;
  /** A position a keepalive reported while nothing was being handed out, to acknowledge shortly. */
  private idlePosition: string | null = null;
  private idleAcknowledge: NodeJS.Timeout | undefined;
  /** The current connection's messages handed to `onMessage` (the library queues the rest). */
  private handled = 0;
  private stopped = true;
  private retry: NodeJS.Timeout | undefined;
  running = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly onPiece: (piece: TransactionPiece, turn: DeliveryTurn) => Promise<void>,
    private readonly onRelation: (relation: Pgoutput.MessageRelation) => void,
  ) {}

  /**
   * Streams from the slot's last acknowledged commit; resolves once PostgreSQL started streaming.
   * Rejects if that failed (a retry is already scheduled: the stream keeps trying until stopped).
   */
  async start(): Promise<void> {
    this.stopped = false;
    // A transaction cut off by an earlier stop is read again from its BEGIN.
    this.open = null;
    const service = new LogicalReplicationService(
      { connectionString: this.db.url, application_name: "parley-realtime" },
      { acknowledge: { auto: false, timeoutSeconds: 0 }, flowControl: { enabled: true } },
    );
    this.service = service;
    const plugin = new TextPgoutputPlugin({ protoVersion: 1, publicationNames: PUBLICATIONS });
    this.handled = 0;
    service.on("data", (lsn: string, message: Pgoutput.Message) => {
      this.handled += 1;
      return this.onMessage(message);
    });
    service.on("heartbeat", (lsn: string, _time: number, shouldRespond: boolean) =>
      this.onKeepalive(service, lsn, shouldRespond, plugin.parsed),
    );
    service.on("error", (error: Error) => this.restartLater(error));
    await new Promise<void>((resolve, reject) => {
      service.once("start", () => resolve());
      service.subscribe(plugin, SLOT_NAME).catch((error: unknown) => {
        reject(error as Error);
        this.restartLater(error as Error);
      });
    });
    this.running = true;
  }

  /** Stops streaming; what was delivered is acknowledged first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearTimeout(this.idleAcknowledge);
    this.idleAcknowledge = undefined;
    await this.queue;
    this.makeRoom();
    this.running = false;
    const service = this.service;
    this.service = null;
    await service?.destroy();
  }

  /**
   * A keepalive carries the position the server has sent everything up to. Only when every message
   * received was handled and delivered (none waiting in the library's queue, none being handed out)
   * is that position safe to acknowledge; it is then acknowledged within IDLE_ACKNOWLEDGE_MS, so the
   * slot also moves past WAL the publications do not cover instead of only when the server asks for
   * a reply (every wal_sender_timeout / 2, 30 s by default). A keepalive that asks for a reply while
   * changes are being handed out is answered with what is already acknowledged, so the server keeps
   * the connection while the slot stays.
   */
  private onKeepalive(service: LogicalReplicationService, lsn: string, shouldRespond: boolean, parsed: number): void {
    const idle = this.pending === 0 && this.open === null && parsed === this.handled;
    if (idle && shouldRespond) this.acknowledgeIdle(service, lsn);
    else if (idle) {
      this.idlePosition = lsn;
      this.idleAcknowledge ??= setTimeout(() => {
        this.idleAcknowledge = undefined;
        if (this.idlePosition && this.service === service) this.acknowledgeIdle(service, this.idlePosition);
      }, IDLE_ACKNOWLEDGE_MS);
    } else if (shouldRespond && this.lastAcknowledged) void service.acknowledge(this.lastAcknowledged);
  }

  private acknowledgeIdle(service: LogicalReplicationService, lsn: string): void {
    this.idlePosition = null;
    // A commit acknowledged meanwhile may be further on; the acknowledged position never goes back.
    if (this.lastAcknowledged && lsnValue(this.lastAcknowledged) >= lsnValue(lsn)) return;
    this.lastAcknowledged = lsn;
    void service.acknowledge(lsn);
  }

  /** Settles once the stream may read on (the library waits for it before the next message). */
  private onMessage(message: Pgoutput.Message): Promise<void> | undefined {
    switch (message.tag) {
      case "relation":
        this.onRelation(message);
        return undefined;
      case "begin":
        this.open = this.progress.begin(message.commitLsn)
          ? { commitTime: message.commitTime as bigint, xid: message.xid, changes: [] }
          : null;
        return undefined;
      case "insert":
      case "update":
      case "delete":
        return this.onChange(message);
      case "commit":
        return this.onCommit(message);
      default:
        return undefined;
    }
  }

  private onChange(change: RowChange): Promise<void> | undefined {
    const piece = this.open;
    if (!piece || !this.progress.change()) return undefined;
    piece.changes.push(change);
    if (piece.changes.length < PIECE_SIZE) return undefined;
    this.open = { ...piece, changes: [] };
    this.handOut(piece, null);
    this.progress.handedOut();
    return this.room();
  }

  private onCommit(commit: Pgoutput.MessageCommit): Promise<void> | undefined {
    const piece = this.open;
    this.open = null;
    const lsn = commit.commitEndLsn;
    if (!lsn) return undefined;
    // A transaction already handed out in full before a reconnect is only acknowledged again.
    this.handOut(piece ?? { commitTime: 0n, xid: 0, changes: [] }, lsn);
    this.progress.commit();
    return this.room();
  }

  /**
   * Queues `piece` for delivery in stream order; `commitLsn` (the COMMIT's end) marks its
   * transaction's last piece, which is acknowledged once delivered.
   */
  private handOut(piece: TransactionPiece, commitLsn: string | null): void {
    const service = this.service;
    this.pending += 1;
    const turn = new DeliveryTurn();
    const slot = this.preparing.length < PREPARED_AHEAD ? Promise.resolve() : this.preparing.shift();
    const handled = (slot ?? Promise.resolve())
      .then(() => (piece.changes.length > 0 ? this.onPiece(piece, turn) : undefined))
      .catch((error: unknown) => this.logger.error({ err: error }, "realtime: change delivery failed"));
    this.preparing.push(handled);
    this.queue = this.queue
      .then(() => {
        turn.begin();
        return handled;
      })
      .then(async () => {
        if (commitLsn && (await service?.acknowledge(commitLsn))) this.lastAcknowledged = commitLsn;
      })
      .then(() => {
        this.pending -= 1;
        this.makeRoom();
      });
  }

  /** Nothing while fewer than WAITING_LIMIT pieces wait; else a promise that settles once one is done. */
  private room(): Promise<void> | undefined {
    if (this.pending < WAITING_LIMIT) return undefined;
    return new Promise((resolve) => this.waitingForRoom.push(resolve));
  }

  private makeRoom(): void {
    if (this.pending >= WAITING_LIMIT && !this.stopped) return;
    for (const resolve of this.waitingForRoom.splice(0)) resolve();
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
