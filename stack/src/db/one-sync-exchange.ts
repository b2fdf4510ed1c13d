// Several statements under ONE Sync message of PostgreSQL's extended protocol. Without an explicit
// BEGIN, everything between two Syncs runs as one implicit transaction: it commits at the Sync when
// every statement succeeded, and the first error rolls all of it back (the server skips the rest up
// to the Sync). Settings made with `set_config(…, true)` last until that Sync, so a caller's settings
// and its statement need no BEGIN and no COMMIT: two statements instead of four, one transaction
// start and end in PostgreSQL instead of three. pg sends a Sync behind every query, so this is a
// `pg.Query` of its own that writes Parse/Bind/Describe/Execute for each statement and one Sync;
// pg's pipelining client accepts it (it is a `Query`) and hands it every answer up to the
// ReadyForQuery, which the base class gathers into one result per statement.
//
// Named statements: the server keeps a statement parsed once per connection; this exchange
// remembers per connection which names the server confirmed, and sends Close then Parse for any
// other (closing an unknown name is no error), so a name whose Parse met an error, or whose fate
// is unknown because its exchange failed, is simply parsed again next time.

import pg from "pg";

/** A statement of an exchange: its text, bind values, and the name it is prepared under, if any. */
export interface ExchangeStatement {
  readonly text: string;
  readonly values?: readonly unknown[];
  readonly name?: string;
}

/** What pg's own serialisation does to a bind value (dates, buffers, arrays, JSON). */
const prepareValue = (pg as unknown as { utils: { prepareValue: (value: unknown) => string | Buffer | null } }).utils
  .prepareValue;

/** Names each connection's server holds parsed, as confirmed by a completed exchange. */
const confirmedNames = new WeakMap<pg.Connection, Set<string>>();

function namesOf(connection: pg.Connection): Set<string> {
  let names = confirmedNames.get(connection);
  if (names === undefined) {
    names = new Set();
    confirmedNames.set(connection, names);
  }
  return names;
}

type Answer = (error: Error | undefined, results: pg.QueryResult[]) => void;

/** The base class's per-statement results: one result alone, an array when there were several. */
type Gathered = pg.QueryResult | pg.QueryResult[];

/** `pg.Query` with the answer handlers pg's client calls (not in its published types). */
interface QueryHandlers {
  handleReadyForQuery(connection: pg.Connection): void;
  handleError(error: Error, connection: pg.Connection): void;
}
const Query = pg.Query as unknown as new (
  config: pg.QueryConfig,
  callback: (error: Error | undefined, gathered: Gathered) => void,
) => pg.Query & QueryHandlers;

class OneSyncExchange extends Query {
  private readonly boundValues: (string | Buffer | null)[][];
  private connection: pg.Connection | undefined;

  constructor(
    private readonly statements: readonly ExchangeStatement[],
    answer: Answer,
  ) {
    // The text is never sent as such: `submit` writes each statement's own.
    super({ text: "one-sync exchange" }, (error, gathered) => {
      if (error) answer(error, []);
      else answer(undefined, Array.isArray(gathered) ? gathered : [gathered]);
    });
    // Mapped before anything is written: a value pg cannot send fails the exchange, not half of it.
    this.boundValues = statements.map((statement) => (statement.values ?? []).map((value) => prepareValue(value)));
  }

  /** Writes every statement's messages and one Sync, as one socket write. */
  override submit = (connection: pg.Connection): Error | null => {
    this.connection = connection;
    const confirmed = namesOf(connection);
    const stream = connection.stream;
    stream.cork();
    try {
      this.statements.forEach((statement, index) => {
        const name = statement.name ?? "";
        if (name === "" || !confirmed.has(name)) {
          if (name !== "") connection.close({ type: "S", name }, true);
          connection.parse({ text: statement.text, name, types: [] }, true);
        }
        connection.bind({ statement: name, values: this.boundValues[index] ?? [] }, true);
        connection.describe({ type: "P", name: "" }, true);
        connection.execute({ portal: "" }, true);
      });
      connection.sync();
    } finally {
      stream.uncork();
    }
    return null;
  };

  override handleReadyForQuery(connection: pg.Connection): void {
    const confirmed = namesOf(connection);
    for (const { name } of this.statements) if (name !== undefined) confirmed.add(name);
    super.handleReadyForQuery(connection);
  }

  override handleError(error: Error, connection: pg.Connection): void {
    // Which of this exchange's names the server now holds is unknown: parse them all again.
    const confirmed = this.connection ? namesOf(this.connection) : undefined;
    for (const { name } of this.statements) if (name !== undefined) confirmed?.delete(name);
    super.handleError(error, connection);
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
