// A request's work as its caller. Most requests need nothing decided between their statement and
// the end of their transaction: for them the caller's settings and the statements travel under ONE
// Sync of the extended protocol (`one-sync-exchange.ts`), an implicit transaction that commits at
// the Sync or rolls back at the first error — two statements, no BEGIN and no COMMIT, and the
// settings (`set_config(…, true)`) end with it. Requests that decide something in between get an
// explicit transaction whose BEGIN and settings go in one exchange, pipelined with their first
// statements. Every value stays a bind parameter; nothing is spliced into SQL text.

import type pg from "pg";
import { sendInOneSync, type ExchangeStatement } from "./one-sync-exchange.ts";
import { preparedName } from "./prepared-statements.ts";

/** Who a request runs as: the role from the verified JWT (or anon) and its claims. */
export interface Caller {
  role: string;
  claims: Record<string, unknown>;
}

export interface CallerOptions {
  /** Extra transaction-local settings (`request.headers`, `request.method`, …), set with set_config. */
  settings?: Record<string, string>;
  /** Read-only transactions for GET/HEAD, as PostgREST does. */
  readOnly?: boolean;
}

/**
 * A statement with its bind parameters, as `client.query` takes it. `reuse`: a query shape sent
 * again and again (only the values change), worth preparing once per connection.
 */
export type Statement = pg.QueryConfig<unknown[]> & { readonly reuse?: boolean };

/**
 * Sets every caller setting in the order given, transaction-local, and answers ONE row (how many)
 * rather than a row per setting. Names and values travel as one JSON object (`json`, unlike
 * `jsonb`, keeps its keys' order). Named: parsed once per connection, then only bound.
 */
const SET_CALLER_TEXT =
  "select pg_catalog.count(pg_catalog.set_config(setting.key, setting.value, true)) from pg_catalog.json_each_text($1::pg_catalog.json) as setting";
const SET_CALLER_NAME = "parley_set_caller";

/**
 * `request.jwt.claims` as a JSON string literal (the claims' JSON, quoted again as the settings
 * object's value). Frozen claims — a verified token's, shared by every request that sends it —
 * are serialised once; any other claims object could still change, so it is serialised each time.
 */
const quotedClaimsOf = new WeakMap<object, string>();

function quotedClaims(claims: Record<string, unknown>): string {
  if (!Object.isFrozen(claims)) return JSON.stringify(JSON.stringify(claims));
  let known = quotedClaimsOf.get(claims);
  if (known === undefined) {
    known = JSON.stringify(JSON.stringify(claims));
    quotedClaimsOf.set(claims, known);
  }
  return known;
}

/**
 * The statement that makes the transaction the caller's (`role` before the request's settings).
 * `readOnlyBySetting`: a read-only request without a BEGIN to say so sets `transaction_read_only`,
 * which PostgreSQL allows at any point of a transaction. The JSON is the object
 * `{ transaction_read_only?, role, "request.jwt.claims", ...settings }` written out in that order.
 */
function setCaller(caller: Caller, options: CallerOptions, readOnlyBySetting: boolean): ExchangeStatement {
  const readOnly = readOnlyBySetting && options.readOnly === true ? '"transaction_read_only":"on",' : "";
  const settings = options.settings === undefined ? "{}" : JSON.stringify(options.settings);
  const json =
    `{${readOnly}"role":${JSON.stringify(caller.role)},"request.jwt.claims":${quotedClaims(caller.claims)}` +
    (settings === "{}" ? "}" : `,${settings.slice(1)}`);
  return { name: SET_CALLER_NAME, text: SET_CALLER_TEXT, values: [json] };
}

/** `statement` as an exchange writes it: named when it is a shape worth preparing on `client`. */
function forExchange(client: pg.ClientBase, statement: Statement): ExchangeStatement {
  if (statement.reuse !== true) return statement;
  const name = preparedName(client, statement.text);
  return name === undefined ? statement : { text: statement.text, values: statement.values, name };
}

/**
 * Hands the connection back outside any transaction. Unless the exchange ended cleanly, a ROLLBACK
 * goes behind whatever is still in flight (a pipelining connection answers in order), so the next
 * request never gets a connection inside someone else's transaction; if even that fails, the
 * connection is destroyed.
 */
async function release(client: pg.PoolClient, ended: boolean): Promise<void> {
  if (ended && client.getTransactionStatus() === "I") return client.release();
  try {
    await client.query("rollback");
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
  }
}

/**
 * Runs `work` in one transaction as `caller`: BEGIN and the settings in one exchange, `work`'s
 * first statements pipelined behind it; then COMMIT (or ROLLBACK when `work` throws).
 */
export async function inCallerTransaction<T>(
  pool: pg.Pool,
  caller: Caller,
  work: (client: pg.PoolClient) => Promise<T>,
  options: CallerOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let ended = false;
  try {
    const begin = options.readOnly === true ? "begin isolation level read committed read only" : "begin";
    const opened = sendInOneSync(client, [{ text: begin }, setCaller(caller, options, false)]);
    opened.catch(() => undefined);
    // A failed preamble fails `work`'s statements too; its own error is the one to report.
    const result = await work(client).catch(async (error: unknown) => {
      await opened;
      throw error;
    });
    await opened;
    await client.query("commit");
    ended = true;
    return result;
  } finally {
    await release(client, ended);
  }
}

/**
 * Runs `statements` as `caller` in one implicit transaction (one Sync: settings and statements, no
 * BEGIN, no COMMIT), in one round trip; resolves to their results, or rejects with the first error
 * and keeps nothing. For a request whose outcome needs no decision before its transaction ends.
 */
export async function queryAsCaller(
  pool: pg.Pool,
  caller: Caller,
  statements: readonly Statement[],
  options: CallerOptions = {},
): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  try {
    const exchange = [
      setCaller(caller, options, true),
      ...statements.map((statement) => forExchange(client, statement)),
    ];
    const results = await sendInOneSync(client, exchange);
    return results.slice(1);
  } finally {
    await release(client, true);
  }
}

/** One caller's statements, run in a transaction of their own. */
export interface CallerExchange {
  caller: Caller;
  statements: readonly Statement[];
  options?: CallerOptions;
}

/**
 * Runs each exchange as its caller in its own implicit transaction (settings and statements under
 * one Sync), all written back to back on one connection in one round trip: many callers' checks
 * cost one exchange instead of one each. Each transaction sets every caller setting afresh and ends
 * at its Sync (rolled back when a statement failed), so no setting of one caller reaches the next.
 * Resolves, per exchange in order, to its statements' results or its first error.
 */
export async function queryAsEachCaller(
  pool: pg.Pool,
  exchanges: readonly CallerExchange[],
): Promise<PromiseSettledResult<pg.QueryResult[]>[]> {
  const client = await pool.connect();
  try {
    const socket = client.connection.stream;
    socket.cork();
    let pending: Promise<pg.QueryResult[]>[];
    try {
      pending = exchanges.map(({ caller, statements, options = {} }) =>
        sendInOneSync(client, [
          setCaller(caller, options, true),
          ...statements.map((statement) => forExchange(client, statement)),
        ]).then((results) => results.slice(1)),
      );
    } finally {
      socket.uncork();
    }
    return await Promise.allSettled(pending);
  } finally {
    await release(client, true);
  }
}
