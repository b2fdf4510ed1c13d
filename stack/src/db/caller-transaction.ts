// A request's work as its caller. Most requests need nothing decided between their statement and
// the end of their transaction: for them the caller's settings and the statements travel under ONE
// Sync of the extended protocol (`one-sync-exchange.ts`), an implicit transaction that commits at
// the Sync or rolls back at the first error — two statements, no BEGIN and no COMMIT, and the
// settings (`set_config(…, true)`) end with it. Requests that decide something in between get an
// explicit transaction whose BEGIN and settings go in one exchange, pipelined with their first
// statements. Every value stays a bind parameter; nothing is spliced into SQL text.

import type pg from "pg";
import { callerSettingsStatement } from "./caller-settings-statement.ts";
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
 * `request.jwt.claims` as sent: the claims' JSON. Frozen claims — a verified token's, shared by
 * every request that sends it — are serialised once; any other claims object could still change,
 * so it is serialised each time.
 */
const claimsJsonOf = new WeakMap<object, string>();

function claimsJson(claims: Record<string, unknown>): string {
  if (!Object.isFrozen(claims)) return JSON.stringify(claims);
  let known = claimsJsonOf.get(claims);
  if (known === undefined) {
    known = JSON.stringify(claims);
    claimsJsonOf.set(claims, known);
  }
  return known;
}

/**
 * The statement that makes the transaction the caller's: `transaction_read_only` (see below), then
 * `role`, then `request.jwt.claims`, then the request's settings in their order
 * (`caller-settings-statement.ts`). `readOnlyBySetting`: a read-only request without a BEGIN to
 * say so sets `transaction_read_only`, which PostgreSQL allows at any point of a transaction.
 */
function setCaller(caller: Caller, options: CallerOptions, readOnlyBySetting: boolean): ExchangeStatement {
  const values: string[] = [];
  if (readOnlyBySetting && options.readOnly === true) values.push("transaction_read_only", "on");
  values.push("role", caller.role, "request.jwt.claims", claimsJson(caller.claims));
  const { settings } = options;
  if (settings !== undefined) for (const name in settings) values.push(name, settings[name] as string);
  return callerSettingsStatement(values);
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

/** One caller's statements, run in a transaction of their own. */
export interface CallerExchange {
  caller: Caller;
  statements: readonly Statement[];
  options?: CallerOptions;
}

/**
 * One caller's settings and statements under one Sync on `client`; a failure to build the exchange
 * (a value pg cannot send) rejects it alone, with nothing of it written.
 */
async function sendAsCaller(client: pg.ClientBase, exchange: CallerExchange): Promise<pg.QueryResult[]> {
  const { caller, statements, options = {} } = exchange;
  const results = await sendInOneSync(client, [
    setCaller(caller, options, true),
    ...statements.map((statement) => forExchange(client, statement)),
  ]);
  return results.slice(1);
}

/**
 * Writes each exchange as its caller in its own implicit transaction (settings and statements
 * under one Sync), back to back on `client` in one socket write. Each transaction sets every caller
 * setting afresh and ends at its Sync (rolled back when a statement failed), so no setting of one
 * caller reaches the next. Per exchange, in order, a promise of its statements' results (or its
 * first error), settled as soon as its own answer is in.
 */
export function sendEachAsCaller(
  client: pg.PoolClient,
  exchanges: readonly CallerExchange[],
): Promise<pg.QueryResult[]>[] {
  const socket = client.connection.stream;
  socket.cork();
  try {
    return exchanges.map((exchange) => sendAsCaller(client, exchange));
  } finally {
    socket.uncork();
  }
}

/**
 * Runs `send` on a connection of `pool` and gives the connection back once it is done, outside
 * any transaction (`send` must leave none open: one-Sync exchanges end theirs at their Sync).
 */
export async function onCallerConnection<T>(pool: pg.Pool, send: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await send(client);
  } finally {
    await release(client, true);
  }
}

/**
 * Runs each exchange as its caller in its own implicit transaction, all on one connection in one
 * round trip (`sendEachAsCaller`): many callers' checks cost one exchange instead of one each.
 * Resolves, per exchange in order, to its statements' results or its first error.
 */
export function queryAsEachCaller(
  pool: pg.Pool,
  exchanges: readonly CallerExchange[],
): Promise<PromiseSettledResult<pg.QueryResult[]>[]> {
  return onCallerConnection(pool, (client) => Promise.allSettled(sendEachAsCaller(client, exchanges)));
}
