import type { CallerExchange, Database } from "../../db/index.ts";
import type { ChangeSubscriber } from "../context.ts";
import type { Subscription } from "./subscriptions.ts";
import type { CheckRow, VisibilityCheck } from "./visibility.ts";

/** One subscriber's check of one change. */
export interface SubscriberCheck {
  subscriber: ChangeSubscriber;
  check: VisibilityCheck;
}

/** Resolves once the change's transaction is visible to new snapshots (false if it never became so). */
export type AwaitCommit = () => Promise<boolean>;

/** Checks written to one connection at once; more checks spread over more connections. */
const CHECKS_PER_EXCHANGE = 64;

/** How many connections `runVisibilityChecks` spreads `checks` checks over (pool size permitting). */
export function connectionsFor(checks: number): number {
  return Math.ceil(checks / CHECKS_PER_EXCHANGE);
}

type Outcome = Map<ChangeSubscriber, Subscription[] | Error>;

/**
 * Runs the checks of one change for all its subscribers in few round trips: each check still runs
 * in a transaction of its own as its subscriber (role + claims), with RLS, exactly as one check per
 * round trip did, so one subscriber's failing check (a filter value its column type refuses) fails
 * only that subscriber; up to CHECKS_PER_EXCHANGE such transactions travel together on one
 * connection. A check that read with a snapshot in which the change's transaction was not yet
 * visible (`committed` false) runs again once `awaitCommit` says it is. Resolves to each
 * subscriber's matching subscriptions, or the error its check met.
 */
export async function runVisibilityChecks(
  db: Database,
  checks: readonly SubscriberCheck[],
  awaitCommit: AwaitCommit,
): Promise<Outcome> {
  const outcome: Outcome = new Map();
  const queried: SubscriberCheck[] = [];
  for (const entry of checks) {
    if (entry.check.statement === null) outcome.set(entry.subscriber, entry.check.matching(undefined));
    else queried.push(entry);
  }
  const early = await runAll(db, queried, outcome);
  if (early.length > 0) {
    // The answer after the wait stands even if it still says not committed: the wait gave up.
    await awaitCommit();
    await runAll(db, early, outcome);
  }
  return outcome;
}

/** Runs `checks`, fills `outcome`; returns the checks that ran before the transaction was visible. */
async function runAll(db: Database, checks: readonly SubscriberCheck[], outcome: Outcome): Promise<SubscriberCheck[]> {
  const chunks: SubscriberCheck[][] = [];
  for (let i = 0; i < checks.length; i += CHECKS_PER_EXCHANGE) chunks.push(checks.slice(i, i + CHECKS_PER_EXCHANGE));
  const early = await Promise.all(chunks.map((chunk) => runChunk(db, chunk, outcome)));
  return early.flat();
}

/**
 * Runs `samples` on `connections` of the pool's connections at once, opening those the pool lacks
 * (connections busy elsewhere are waited for, as a change's checks would): each then holds a
 * PostgreSQL backend that has authenticated, read the catalog its checks need and prepared their
 * statements, so a change's checks find it ready. Resolves once all ran; errors are the checks' own.
 */
export async function warmConnections(
  db: Database,
  samples: readonly SubscriberCheck[],
  connections: number,
): Promise<void> {
  const exchanges = samples.map(asExchange);
  // Issued together, each call holds a connection of its own until its exchange is answered.
  await Promise.all(Array.from({ length: connections }, () => db.queryAsEachCaller(exchanges)));
}

const asExchange = ({ subscriber, check }: SubscriberCheck): CallerExchange => ({
  caller: { role: subscriber.claims.role, claims: subscriber.claims },
  statements: check.statement ? [check.statement] : [],
  options: { readOnly: true },
});

async function runChunk(db: Database, chunk: SubscriberCheck[], outcome: Outcome): Promise<SubscriberCheck[]> {
  const exchanges = chunk.map(asExchange);
  let settled: PromiseSettledResult<{ rows: CheckRow[] }[]>[];
  try {
    settled = await db.queryAsEachCaller(exchanges);
  } catch (error) {
    for (const { subscriber } of chunk) outcome.set(subscriber, asError(error));
    return [];
  }
  const early: SubscriberCheck[] = [];
  chunk.forEach((entry, index) => {
    const result = settled[index];
    const row = result?.status === "fulfilled" ? result.value[0]?.rows[0] : undefined;
    if (row?.committed === false) early.push(entry);
    if (result?.status === "fulfilled") outcome.set(entry.subscriber, entry.check.matching(row));
    else outcome.set(entry.subscriber, asError(result?.reason));
  });
  return early;
}

const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));
