// One transaction as a request's caller on a pipelining connection (pg's `pipeline: true`): BEGIN,
// the caller's settings and the first statements are written together and answered in order, so a
// request pays one round trip for all of them instead of one each — what PostgREST does with its
// pipelined exchange. Every value stays a bind parameter; nothing is spliced into SQL text.

import type pg from "pg";
import { asPrepared } from "./prepared-statements.ts";

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
 * Sets every caller setting in order (`role` first, so `SET LOCAL ROLE` happens before the rest),
 * transaction-local. Named: parsed once per connection, then only bound.
 */
const SET_CALLER: Pick<Statement, "name" | "text"> = {
  name: "parley_set_caller",
  text: "select pg_catalog.set_config(setting.name, setting.value, true) from rows from (pg_catalog.unnest($1::text[]), pg_catalog.unnest($2::text[])) as setting(name, value)",
};

function preamble(caller: Caller, options: CallerOptions): Statement[] {
  const settings: Record<string, string> = {
    role: caller.role,
    "request.jwt.claims": JSON.stringify(caller.claims),
    ...options.settings,
  };
  return [
    { text: options.readOnly ? "begin isolation level read committed read only" : "begin" },
    { ...SET_CALLER, values: [Object.keys(settings), Object.values(settings)] },
  ];
}

/** Writes `statements` at once (corked: one write, not one system call each); one promise per answer. */
function sendCorked(
  client: pg.PoolClient,
  statements: readonly Statement[],
): Promise<PromiseSettledResult<pg.QueryResult>[]> {
  const socket = client.connection.stream;
  socket.cork();
  let pending: Promise<pg.QueryResult>[];
  try {
    pending = statements.map(({ reuse, ...statement }) =>
      client.query(reuse === true ? asPrepared(client, statement) : statement),
    );
  } finally {
    socket.uncork();
  }
  return Promise.allSettled(pending);
}

/**
 * Writes `statements` at once and waits for all their answers; rejects with the first statement's
 * error in order (later ones then only report the aborted transaction).
 */
export async function sendAll(client: pg.PoolClient, statements: readonly Statement[]): Promise<pg.QueryResult[]> {
  const settled = await sendCorked(client, statements);
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<pg.QueryResult>).value);
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
 * Runs `work` in one transaction as `caller`. `work`'s first statements travel with BEGIN and the
 * settings; then COMMIT (or ROLLBACK when `work` throws).
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
    const opened = sendAll(client, preamble(caller, options));
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
 * Runs `statements` as `caller` in one transaction that commits right behind them, all in one round
 * trip; resolves to their results. For a request whose outcome needs no decision between its
 * statement and the end of its transaction.
 */
export async function queryAsCaller(
  pool: pg.Pool,
  caller: Caller,
  statements: readonly Statement[],
  options: CallerOptions = {},
): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  let ended = false;
  try {
    // Answered in full even when a statement failed (the COMMIT behind it then only ends the transaction).
    const results = await sendAll(client, [...preamble(caller, options), ...statements, { text: "commit" }]).finally(
      () => (ended = true),
    );
    return results.slice(2, 2 + statements.length);
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
 * Runs each exchange as its caller in its own transaction (BEGIN, settings, statements, COMMIT),
 * all written back to back on one connection in one round trip: many callers' checks cost one
 * exchange instead of one each. Each transaction sets every caller setting afresh and ends with its
 * COMMIT (a failed statement makes that COMMIT a rollback), so no setting of one caller reaches the
 * next. Resolves, per exchange in order, to its statements' results or its first error.
 */
export async function queryAsEachCaller(
  pool: pg.Pool,
  exchanges: readonly CallerExchange[],
): Promise<PromiseSettledResult<pg.QueryResult[]>[]> {
  const client = await pool.connect();
  let ended = false;
  try {
    const statements = exchanges.flatMap((exchange) => [
      ...preamble(exchange.caller, exchange.options ?? {}),
      ...exchange.statements,
      { text: "commit" },
    ]);
    const settled = await sendCorked(client, statements);
    ended = true;
    let at = 0;
    return exchanges.map((exchange) => {
      const answers = settled.slice(at, at + exchange.statements.length + 3);
      at += answers.length;
      const failed = answers.find((outcome) => outcome.status === "rejected");
      if (failed) return { status: "rejected", reason: failed.reason as unknown };
      const results = answers.map((outcome) => (outcome as PromiseFulfilledResult<pg.QueryResult>).value);
      return { status: "fulfilled", value: results.slice(2, 2 + exchange.statements.length) };
    });
  } finally {
    await release(client, ended);
  }
}
