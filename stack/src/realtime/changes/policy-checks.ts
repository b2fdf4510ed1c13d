import type { CallerExchange, Database } from "../../db/index.ts";
import type { ChangeSubscriber } from "../context.ts";
import type { Subscription } from "./subscriptions.ts";
import type { VisibilityCheck } from "./visibility.ts";

/** One subscriber's check of one change. */
export interface SubscriberCheck {
  subscriber: ChangeSubscriber;
  check: VisibilityCheck;
}

/** Checks written to one connection at once; more checks spread over more connections. */
const CHECKS_PER_EXCHANGE = 64;

type CheckRow = { visible: boolean; matches: boolean[] };

/**
 * Runs the checks of one change for all its subscribers in few round trips: each check still runs
 * in a transaction of its own as its subscriber (role + claims), with RLS, exactly as one check per
 * round trip did, so one subscriber's failing check (a filter value its column type refuses) fails
 * only that subscriber; up to CHECKS_PER_EXCHANGE such transactions travel together on one
 * connection. Resolves to each subscriber's matching subscriptions, or the error its check met.
 */
export async function runVisibilityChecks(
  db: Database,
  checks: readonly SubscriberCheck[],
): Promise<Map<ChangeSubscriber, Subscription[] | Error>> {
  const outcome = new Map<ChangeSubscriber, Subscription[] | Error>();
  const queried: SubscriberCheck[] = [];
  for (const entry of checks) {
    if (entry.check.statement === null) outcome.set(entry.subscriber, entry.check.matching(undefined));
    else queried.push(entry);
  }
  const chunks: SubscriberCheck[][] = [];
  for (let i = 0; i < queried.length; i += CHECKS_PER_EXCHANGE) chunks.push(queried.slice(i, i + CHECKS_PER_EXCHANGE));
  await Promise.all(chunks.map((chunk) => runChunk(db, chunk, outcome)));
  return outcome;
}

async function runChunk(
  db: Database,
  chunk: SubscriberCheck[],
  outcome: Map<ChangeSubscriber, Subscription[] | Error>,
): Promise<void> {
  const exchanges: CallerExchange[] = chunk.map(({ subscriber, check }) => ({
    caller: { role: subscriber.claims.role, claims: subscriber.claims },
    statements: check.statement ? [check.statement] : [],
    options: { readOnly: true },
  }));
  let settled: PromiseSettledResult<{ rows: CheckRow[] }[]>[];
  try {
    settled = await db.queryAsEachCaller(exchanges);
  } catch (error) {
    for (const { subscriber } of chunk) outcome.set(subscriber, asError(error));
    return;
  }
  chunk.forEach(({ subscriber, check }, index) => {
    const result = settled[index];
    if (result?.status === "fulfilled") outcome.set(subscriber, check.matching(result.value[0]?.rows[0]));
    else outcome.set(subscriber, asError(result?.reason));
  });
}

const asError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));
