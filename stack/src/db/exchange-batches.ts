// Callers' one-Sync exchanges gathered over one turn of the event loop and written to one pooled
// connection together. Under load several HTTP requests are read in the same turn; sent each on a
// connection of its own, every one of them wakes a sleeping PostgreSQL backend, and on a machine
// with few cores the woken backend takes the CPU from the stack in the middle of its socket write
// (the wakeup lands on the writer's core). Written back to back on one connection, the requests of
// a turn wake one backend, which runs them one after another: PostgreSQL's CPU per REST read fell
// by about 40 % and the stack is preempted half as often (figures in this folder's README).
//
// Each exchange keeps its own Sync, so each is still its own implicit transaction: committed or
// rolled back alone, its settings ending at its Sync; an error skips only the rest of its own
// exchange (`sendEachAsCaller`). What a batch shares is the order: an exchange starts once the one
// before it on the connection has finished, so at most BATCH_LIMIT - 1 requests of the same turn
// wait behind a slow one (a request of a later turn never does: a connection with a batch in flight
// is not handed out again until the batch is done).

import type pg from "pg";
import { onCallerConnection, sendEachAsCaller, type CallerExchange } from "./caller-transaction.ts";

/**
 * At most this many exchanges of one turn share a connection; more are spread evenly over as many
 * connections as needed. Bounds how many requests one slow statement can hold up.
 */
export const BATCH_LIMIT = 8;

interface Waiting {
  exchange: CallerExchange;
  resolve(results: pg.QueryResult[]): void;
  reject(error: unknown): void;
}

export interface ExchangeBatches {
  /** Runs one caller's exchange with the others of this turn; resolves to its statements' results. */
  send(exchange: CallerExchange): Promise<pg.QueryResult[]>;
}

/**
 * Batches `queryAsCaller`'s exchanges on `pool` per turn of the event loop (sent from
 * `setImmediate`, once the turn's I/O callbacks and their promise jobs have run).
 * @example const batches = exchangeBatches(pool); const [rows] = await batches.send({ caller, statements });
 */
export function exchangeBatches(pool: pg.Pool): ExchangeBatches {
  let waiting: Waiting[] = [];
  const flush = () => {
    const turn = waiting;
    waiting = [];
    for (const batch of evenBatches(turn, BATCH_LIMIT)) void sendBatch(pool, batch);
  };
  return {
    send(exchange) {
      return new Promise((resolve, reject) => {
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ exchange, resolve, reject });
      });
    },
  };
}

/** `items` cut into the fewest batches of at most `limit`, their sizes differing by one at most. */
export function evenBatches<T>(items: readonly T[], limit: number): T[][] {
  const count = Math.ceil(items.length / limit);
  const batches: T[][] = [];
  for (let index = 0; index < count; index++) {
    const start = Math.round((index * items.length) / count);
    const end = Math.round(((index + 1) * items.length) / count);
    batches.push(items.slice(start, end));
  }
  return batches;
}

/**
 * Sends `batch` on one connection; each exchange settles as soon as its own answer is in (not when
 * the batch is done), and the connection goes back once all have.
 */
async function sendBatch(pool: pg.Pool, batch: readonly Waiting[]): Promise<void> {
  try {
    await onCallerConnection(pool, (client) => {
      const pending = sendEachAsCaller(
        client,
        batch.map((waiting) => waiting.exchange),
      );
      pending.forEach((answer, index) => answer.then(batch[index]?.resolve, batch[index]?.reject));
      return Promise.allSettled(pending);
    });
  } catch (error) {
    // No connection (the server is down, the pool closed): every exchange of the batch fails alike
    // (one already settled keeps its outcome).
    for (const exchange of batch) exchange.reject(error);
  }
}
