import type { Logger } from "pino";
import type { Database } from "../../db/index.ts";
import type { ChangeSubscriber } from "../context.ts";
import type { BroadcastBody } from "../protocol/message.ts";
import type { RelationCatalog, RelationInfo } from "./relations.ts";
import type { RowChange, TransactionPiece } from "./replication.ts";
import type { Subscription, SubscriptionRegistry } from "./subscriptions.ts";
import { typedRecords, type JsonRecord, type TextTuple } from "./typed-record.ts";
import { waitUntilVisible } from "./commit-visibility.ts";
import { visibilityCheck, type VisibilityCheck } from "./visibility.ts";
import { connectionsFor, runVisibilityChecks, type AwaitCommit, type SubscriberCheck } from "./policy-checks.ts";
import type { DeliveryTurn } from "./delivery-turn.ts";
import { bySubscriber, sharedByChannels, unitsByCaller, unitsBySubscriber, type CheckUnit } from "./check-units.ts";

/** The change being checked: its table, type, the row filters read and the row RLS looks up. */
interface CheckTarget {
  info: RelationInfo;
  type: string;
  filterRow: TextTuple;
  newRow: TextTuple | null;
  xid: number;
}

/** A unit's outcome: its matching subscriptions (or the error its check met), and what its caller may see. */
interface CheckedUnit {
  unit: CheckUnit;
  columns: Set<string>;
  matched: Subscription[] | Error;
}

export type DatabaseBroadcast = (isPrivate: boolean, topic: string, body: BroadcastBody) => void;

/** `YYYY-MM-DDTHH:MM:SS.mmmZ`, as upstream formats `commit_timestamp`. */
const commitTimestamp = (micros: bigint) => new Date(Number(micros / 1000n)).toISOString();

/**
 * Turns each committed change into `postgres_changes` frames, one
 * per channel with the ids of its matching bindings, and `realtime.messages` inserts into broadcasts
 * (`realtime.broadcast_changes`/`realtime.send`). Changes are handled in commit order;
 * subscribers of one change are checked together, in few round trips (`policy-checks.ts`), once per
 * distinct caller rather than once per channel (`check-units.ts`), while the typed records are cast
 * in parallel: a change costs one round trip's wait, not two.
 */
export class ChangeDispatcher {
  constructor(
    private readonly db: Database,
    private readonly catalog: RelationCatalog,
    private readonly registry: SubscriptionRegistry,
    private readonly logger: Logger,
    private readonly onBroadcast: DatabaseBroadcast,
    /** Told how many connections a change's checks are about to use (`warm-checks.ts` counts that as their use). */
    private readonly onChecks: (connections: number) => void = () => undefined,
  ) {}

  /** Hands every frame of `tx` (a transaction, or one piece of a large one) to `turn`, which sends it once earlier pieces are done. */
  async dispatch(tx: TransactionPiece, turn: DeliveryTurn): Promise<void> {
    const timestamp = commitTimestamp(tx.commitTime);
    // Asked at most once per transaction, and only when a check read too early.
    let visible: Promise<boolean> | null = null;
    const committed: AwaitCommit = () => (visible ??= waitUntilVisible(this.db, tx.xid));
    for (const change of tx.changes) {
      const { schema, name } = change.relation;
      if (schema === "realtime" && name === "messages") {
        if (change.tag === "insert") {
          const row = change.new as TextTuple;
          turn.deliver(() => this.databaseBroadcast(row));
        }
        continue;
      }
      const subscriptions = this.registry.forTable(schema, name);
      const type = change.tag.toUpperCase();
      const wanted = subscriptions.filter((s) => s.action === "*" || s.action === type);
      if (wanted.length > 0) await this.deliver(change, type, wanted, { timestamp, committed, xid: tx.xid, turn });
    }
  }

  private async deliver(
    change: RowChange,
    type: string,
    subscriptions: Subscription[],
    { timestamp, committed, xid, turn }: { timestamp: string; committed: AwaitCommit; xid: number; turn: DeliveryTurn },
  ): Promise<void> {
    const info = await this.catalog.relation(change.relation.relationOid);
    const newRow = change.tag === "delete" ? null : (change.new as TextTuple);
    const oldRow = change.tag === "insert" ? null : ((change.old ?? change.key) as TextTuple | null);
    const typing = typedRecords(this.db, info, newRow, oldRow);
    // Settled here too, so that an early return below leaves no rejection unhandled.
    typing.catch(() => undefined);
    if (!info.columns.some((column) => column.isPkey) && type !== "DELETE") {
      const error = errorShape(info, type, "Error 400: Bad Request, no primary key");
      for (const [subscriber, subs] of bySubscriber(subscriptions))
        turn.deliver(() =>
          subscriber.deliverChange(
            subs.map((s) => s.id),
            error,
          ),
        );
      return;
    }
    const target: CheckTarget = { info, type, filterRow: (type === "DELETE" ? oldRow : newRow) ?? {}, newRow, xid };
    const awaitCommit = async () => {
      const visible = await committed();
      if (!visible)
        this.logger.warn(
          { table: `${info.schema}.${info.table}` },
          "realtime: a committed transaction stayed invisible to policy checks",
        );
      return visible;
    };
    const [typed, checked] = await Promise.all([typing, this.checkAll(target, subscriptions, awaitCommit)]);
    for (const { columns, matched } of checked) {
      if (matched instanceof Error) {
        this.logger.warn(
          { err: matched, table: `${info.schema}.${info.table}` },
          "realtime: change check failed for a subscriber",
        );
        continue;
      }
      for (const [subscriber, subs] of bySubscriber(matched)) {
        const data = shape(info, type, timestamp, typed, columns, subs[0]?.select ?? null);
        turn.deliver(() =>
          subscriber.deliverChange(
            subs.map((s) => s.id),
            data,
          ),
        );
      }
    }
  }

  /**
   * Checks the change once per distinct caller (`check-units.ts`). A check that fails for a caller
   * shared by several channels runs again for each channel alone, so that — as with one check per
   * channel — only the channel whose filter broke it misses the change.
   */
  private async checkAll(
    target: CheckTarget,
    subscriptions: Subscription[],
    awaitCommit: AwaitCommit,
  ): Promise<CheckedUnit[]> {
    const first = await this.checkUnits(target, unitsByCaller(subscriptions), awaitCommit);
    const failed = first.filter(({ unit, matched }) => matched instanceof Error && sharedByChannels(unit));
    if (failed.length === 0) return first;
    const again = await this.checkUnits(
      target,
      unitsBySubscriber(failed.flatMap(({ unit }) => unit.subscriptions)),
      awaitCommit,
    );
    return [...first.filter((entry) => !failed.includes(entry)), ...again];
  }

  /** Each unit's matching subscriptions (or the error its check met) and the columns its caller may see. */
  private async checkUnits(target: CheckTarget, units: CheckUnit[], awaitCommit: AwaitCommit): Promise<CheckedUnit[]> {
    const prepared: { unit: CheckUnit; columns: Set<string> }[] = [];
    const checks: SubscriberCheck[] = [];
    let statements = 0;
    for (const unit of units) {
      const check = await this.checkFor(target, unit.caller, unit.subscriptions).catch((error: unknown) => {
        this.logger.warn(
          { err: error, table: `${target.info.schema}.${target.info.table}` },
          "realtime: change check failed for a subscriber",
        );
        return null;
      });
      if (!check) continue;
      prepared.push({ unit, columns: check.columns });
      checks.push({ subscriber: unit.caller, check: check.visibility });
      if (check.visibility.statement !== null) statements++;
    }
    this.onChecks(connectionsFor(statements));
    const outcome = await runVisibilityChecks(this.db, checks, awaitCommit);
    return prepared.map(({ unit, columns }) => ({
      unit,
      columns,
      matched: outcome.get(unit.caller) ?? [],
    }));
  }

  /**
   * The check a change of the table `key` would run for the first of its callers, on a row of nulls
   * (it reads no row and matches nothing), and how many callers one change checks; null when a
   * change of the table needs no statement. A warm-up that runs it runs the very statement text a
   * change will (`warm-checks.ts`).
   */
  async sampleCheck(
    key: string,
    subscriptions: readonly Subscription[],
  ): Promise<{ check: SubscriberCheck; callers: number } | null> {
    const info = await this.catalog.publishedRelation(key);
    const type = ["INSERT", "UPDATE", "DELETE"].find((action) =>
      subscriptions.some((s) => s.action === "*" || s.action === action),
    );
    if (type === undefined || (type !== "DELETE" && !info.columns.some((column) => column.isPkey))) return null;
    const units = unitsByCaller(subscriptions.filter((s) => s.action === "*" || s.action === type));
    const first = units[0];
    if (!first) return null;
    const nulls: TextTuple = Object.fromEntries(info.columns.map((column) => [column.name, null]));
    const target: CheckTarget = { info, type, filterRow: nulls, newRow: type === "DELETE" ? null : nulls, xid: 0 };
    const check = await this.checkFor(target, first.caller, first.subscriptions);
    if (!check?.visibility.statement) return null;
    return { check: { subscriber: first.caller, check: check.visibility }, callers: units.length };
  }

  /** The caller's visible columns and its check, or null when it may select no column of the table. */
  private async checkFor(
    { info, type, filterRow, newRow, xid }: CheckTarget,
    caller: ChangeSubscriber,
    subscriptions: Subscription[],
  ): Promise<{ columns: Set<string>; visibility: VisibilityCheck } | null> {
    const columns = await this.catalog.selectableColumns(info.oid, caller.claims.role);
    if (!columns) return null;
    const checkRls = info.rlsEnabled && type !== "DELETE" && !(await this.catalog.bypassesRls(caller.claims.role));
    return { columns, visibility: visibilityCheck(info, subscriptions, filterRow, newRow ?? {}, checkRls, xid) };
  }

  private databaseBroadcast(row: TextTuple): void {
    if (row.extension !== "broadcast" || !row.topic) return;
    const binary = row.binary_payload;
    const body: BroadcastBody = {
      origin: "user",
      event: row.event ?? "",
      encoding: binary ? "binary" : "json",
      payload: binary ? Buffer.from(binary.replace(/^\\x/, ""), "hex") : Buffer.from(row.payload ?? "null"),
      meta: { id: row.id },
    };
    this.onBroadcast(row.private === "t", row.topic, body);
  }
}

function shape(
  info: RelationInfo,
  type: string,
  timestamp: string,
  typed: { record: JsonRecord | null; old: JsonRecord | null },
  selectable: Set<string>,
  select: string[] | null,
): Record<string, unknown> {
  const keep = (name: string, isPkey: boolean) =>
    selectable.has(name) && (select === null || isPkey || select.includes(name));
  const kept = info.columns.filter((column) => keep(column.name, column.isPkey));
  const pick = (row: JsonRecord | null, onlyKeys: boolean) => {
    const out: JsonRecord = {};
    for (const column of kept)
      if (row && column.name in row && (!onlyKeys || column.isPkey)) out[column.name] = row[column.name];
    return out;
  };
  const data: Record<string, unknown> = {
    schema: info.schema,
    table: info.table,
    commit_timestamp: timestamp,
    type,
    columns: kept.map((column) => ({ name: column.name, type: column.typname })),
    errors: null,
  };
  if (type !== "DELETE") data.record = pick(typed.record, false);
  // With RLS on, a DELETE's old record is reduced to the primary key even under REPLICA IDENTITY FULL.
  if (type !== "INSERT") data.old_record = pick(typed.old, type === "DELETE" && info.rlsEnabled);
  return data;
}

function errorShape(info: RelationInfo, type: string, error: string): Record<string, unknown> {
  return {
    schema: info.schema,
    table: info.table,
    commit_timestamp: null,
    type,
    columns: [],
    record: {},
    old_record: {},
    errors: [error],
  };
}
