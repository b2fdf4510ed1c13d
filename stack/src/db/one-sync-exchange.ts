// Several statements under ONE Sync message of PostgreSQL's extended protocol. Without an explicit
// BEGIN, everything between two Syncs runs as one implicit transaction: it commits at the Sync when
// every statement succeeded, and the first error rolls all of it back (the server skips the rest up
// to the Sync). Settings made with `set_config(…, true)` last until that Sync, so a caller's settings
// and its statement need no BEGIN and no COMMIT: two statements instead of four, one transaction
// start and end in PostgreSQL instead of three. pg sends a Sync behind every query, so this is a
// `pg.Query` of its own that writes Parse/Bind/Describe/Execute for each statement and one Sync;
// pg's pipelining client accepts it (it is a `Query`) and hands it every answer up to the
// ReadyForQuery, gathered here into one result per statement.
//
// Named statements: the server keeps a statement parsed once per connection; this exchange
// remembers per connection which names the server confirmed, with their row descriptions
// (`row-shape.ts`), and sends only Bind and Execute for those. Any other name gets Close, Parse
// and Describe (closing an unknown name is no error), so a name whose Parse met an error, or whose
// fate is unknown because its exchange failed, is simply parsed again next time.
//
// The messages of an exchange go to the socket as one buffer in one write, and its rows are built
// from the row descriptions directly (pg's own `Result` spreads a template object per row and looks
// up every column's parser per statement): the exchange is the whole of a REST request's work in
// PostgreSQL, so what it costs in Node is paid on every request.

import pg from "pg";
import { serialize } from "pg-protocol";
import { namedShapesOf, NO_ROWS, rowShape, type ColumnDescription, type RowShape } from "./row-shape.ts";

/** A statement of an exchange: its text, bind values, and the name it is prepared under, if any. */
export interface ExchangeStatement {
  readonly text: string;
  readonly values?: readonly unknown[];
  readonly name?: string;
}

/** What pg's own serialisation does to a bind value (dates, buffers, arrays, JSON). */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => string | Buffer | null } }).utils
  .prepareValue;

const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: "P", name: "" });
const EXECUTE_PORTAL = serialize.execute({ portal: "" });

type Answer = (error: Error | undefined, results: pg.QueryResult[]) => void;

/** The answer handlers pg's client calls on the query at the head of its queue (not in pg's types). */
interface QueryHandlers {
  handleRowDescription(message: { fields: ColumnDescription[] }): void;
  handleDataRow(message: { fields: (string | null)[] }): void;
  handleCommandComplete(message: { text: string }, connection: pg.Connection): void;
  handleEmptyQuery(connection: pg.Connection): void;
  handleReadyForQuery(connection: pg.Connection): void;
  handleError(error: Error, connection: pg.Connection): void;
}
// Constructed from a string: pg copies a config object's property descriptors, a string it does not.
const Query = pg.Query as unknown as new (text: string) => pg.Query & QueryHandlers;

/** `INSERT 0 1`, `SELECT 3`, `SET`: the command and its row count, as pg's results carry them. */
const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

function commandResult(tag: string, shape: RowShape, rows: Record<string, unknown>[]): pg.QueryResult {
  const match = COMMAND_TAG.exec(tag);
  const count = match?.[3] ?? match?.[2];
  return {
    command: match?.[1] ?? "",
    rowCount: count === undefined ? null : Number(count),
    oid: match?.[3] === undefined ? (null as unknown as number) : Number(match[2]),
    rows,
    fields: shape.fields as pg.FieldDef[],
  };
}

class OneSyncExchange extends Query {
  private readonly boundValues: (string | Buffer | null)[][];
  private readonly results: pg.QueryResult[] = [];
  /** Per statement, the shape known before sending (a confirmed name), or undefined: described now. */
  private readonly knownShapes: (RowShape | undefined)[] = [];
  private readonly describedShapes: (RowShape | undefined)[] = [];
  private statementRows: Record<string, unknown>[] = [];
  private rowError: Error | undefined;
  private connection: pg.Connection | undefined;
  private answered = false;

  constructor(
    private readonly statements: readonly ExchangeStatement[],
    private readonly answer: Answer,
  ) {
    // The text is never sent as such: `submit` writes each statement's own.
    super("one-sync exchange");
    // Mapped before anything is written: a value pg cannot send fails the exchange, not half of it.
    this.boundValues = statements.map((statement) => (statement.values ?? []).map((value) => prepareValue(value)));
  }

  /** Every statement's messages and one Sync, written to the socket as one buffer. */
  override submit = (connection: pg.Connection): Error | null => {
    this.connection = connection;
    const shapes = namedShapesOf(connection);
    const messages: Buffer[] = [];
    this.statements.forEach((statement, index) => {
      const name = statement.name ?? "";
      const known = name === "" ? undefined : shapes.get(name);
      this.knownShapes.push(known);
      if (known === undefined) {
        if (name !== "") messages.push(serialize.close({ type: "S", name }));
        messages.push(serialize.parse({ text: statement.text, name, types: [] }));
      }
      messages.push(serialize.bind({ statement: name, values: this.boundValues[index] ?? [] }));
      if (known === undefined) messages.push(DESCRIBE_PORTAL);
      messages.push(EXECUTE_PORTAL);
    });
    messages.push(SYNC);
    const stream = connection.stream;
    if (stream.writable) stream.write(Buffer.concat(messages));
    return null;
  };

  /** The statement whose answers arrive now: one per CommandComplete (or EmptyQueryResponse) so far. */
  private get current(): number {
    return this.results.length;
  }

  private shapeOfCurrent(): RowShape {
    return this.knownShapes[this.current] ?? this.describedShapes[this.current] ?? NO_ROWS;
  }

  override handleRowDescription(message: { fields: ColumnDescription[] }): void {
    this.describedShapes[this.current] = rowShape(message.fields);
  }

  override handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.rowError !== undefined) return;
    try {
      this.statementRows.push(this.shapeOfCurrent().row(message.fields));
    } catch (error) {
      // A value its type's parser refuses: reported once the server has answered the whole exchange.
      this.rowError = error instanceof Error ? error : new Error(String(error));
    }
  }

  override handleCommandComplete(message: { text: string }): void {
    this.results.push(commandResult(message.text, this.shapeOfCurrent(), this.statementRows));
    this.statementRows = [];
  }

  override handleEmptyQuery(): void {
    this.results.push(commandResult("", NO_ROWS, []));
    this.statementRows = [];
  }

  override handleReadyForQuery(connection: pg.Connection): void {
    const shapes = namedShapesOf(connection);
    this.statements.forEach(({ name }, index) => {
      const shape = this.describedShapes[index];
      if (name !== undefined && this.knownShapes[index] === undefined) shapes.set(name, shape ?? NO_ROWS);
    });
    if (this.rowError !== undefined) this.settle(this.rowError, []);
    else this.settle(undefined, this.results);
  }

  override handleError(error: Error): void {
    // Which of this exchange's names the server now holds is unknown: parse them all again.
    const shapes = this.connection ? namedShapesOf(this.connection) : undefined;
    for (const { name } of this.statements) if (name !== undefined) shapes?.delete(name);
    this.settle(error, []);
  }

  private settle(error: Error | undefined, results: pg.QueryResult[]): void {
    if (this.answered) return;
    this.answered = true;
    this.answer(error, results);
  }
}

/**
 * Sends `statements` as one implicit transaction (one Sync) on `client` and resolves to one result
 * per statement; rejects with the first statement's error, in which case nothing of them is kept.
 * On a connection with `pipeline: true` it is written without waiting for earlier queries.
 * @example const [, rows] = await sendInOneSync(client, [setCaller, { text: "select auth.uid()" }]);
 */
export function sendInOneSync(
  client: pg.ClientBase,
  statements: readonly ExchangeStatement[],
): Promise<pg.QueryResult[]> {
  return new Promise((resolve, reject) => {
    const exchange = new OneSyncExchange(statements, (error, results) => (error ? reject(error) : resolve(results)));
    client.query(exchange);
  });
}
