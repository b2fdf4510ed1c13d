import type pg from "pg";
import type { Database } from "../db/index.ts";
import { SERVICE_CALLER, type StorageCaller } from "./caller.ts";
import { fromDatabaseError } from "./errors.ts";

/** The request facts storage exposes to policies. */
export interface RequestFacts {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** `storage.object.upload`, … (storage.operation()). */
  operation: string;
}

export type Query = pg.PoolClient;

/**
 * Runs `work` in one transaction as `caller`, with the settings storage gives policies:
 * request.jwt.claim.role/sub, request.jwt, request.headers/method/path, storage.operation and
 * storage.allow_delete_query (so the protect_delete trigger lets the API delete).
 * Unique/RLS violations become storage errors.
 * @example const rows = await runAs(db, caller, facts, (q) => q.query("select * from storage.buckets"));
 */
export async function runAs<T>(
  db: Database,
  caller: StorageCaller,
  facts: RequestFacts,
  work: (query: Query) => Promise<T>,
  onUnique?: Parameters<typeof fromDatabaseError>[1],
): Promise<T> {
  const settings: Record<string, string> = {
    "request.jwt.claim.role": caller.role,
    "request.jwt.claim.sub": caller.ownerId ?? "",
    "request.jwt": caller.token ?? "",
    "request.headers": JSON.stringify(facts.headers),
    "request.method": facts.method,
    "request.path": facts.path,
    "storage.operation": facts.operation,
    "storage.allow_delete_query": "true",
  };
  try {
    return await db.asCaller({ role: caller.role, claims: caller.claims }, work, { settings });
  } catch (error) {
    throw fromDatabaseError(error, onUnique) ?? error;
  }
}

/** Same, as the service role (bypasses RLS), for the steps upstream runs with the service key. */
export function runAsService<T>(
  db: Database,
  facts: RequestFacts,
  work: (query: Query) => Promise<T>,
  onUnique?: Parameters<typeof fromDatabaseError>[1],
): Promise<T> {
  return runAs(db, SERVICE_CALLER, facts, work, onUnique);
}

/** Marker thrown to roll back a permission test that succeeded. */
export class RollbackProbe extends Error {
  constructor(readonly value: unknown) {
    super("rollback");
  }
}

/**
 * Runs `work` as the caller and always rolls it back: upstream's permission test (an INSERT/UPDATE
 * that policies must accept, undone before the file is written).
 */
export async function probeAs<T>(
  db: Database,
  caller: StorageCaller,
  facts: RequestFacts,
  work: (query: Query) => Promise<T>,
  onUnique?: Parameters<typeof fromDatabaseError>[1],
): Promise<T> {
  try {
    await runAs(
      db,
      caller,
      facts,
      async (query) => {
        throw new RollbackProbe(await work(query));
      },
      onUnique,
    );
  } catch (error) {
    if (error instanceof RollbackProbe) return error.value as T;
    throw error;
  }
  throw new Error("unreachable");
}
