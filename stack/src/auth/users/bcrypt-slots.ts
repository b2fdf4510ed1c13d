import { availableParallelism } from "node:os";
import pLimit from "p-limit";

/** libuv's thread pool size unless `UV_THREADPOOL_SIZE` says otherwise. */
const DEFAULT_THREAD_POOL_SIZE = 4;

/**
 * How many bcrypt computations may run at once: one per core, plus one. Native bcrypt runs on
 * libuv's thread pool (four threads by default), which also carries file I/O and the gateway's
 * WebCrypto checks; on a two-core machine, four sign-ins at once would take every thread for tens
 * of milliseconds and stall those requests, so at least one thread always stays free. The extra
 * job keeps every core hashing while the event loop hands a finished job's slot to the next
 * sign-in: with exactly one job per core, a core idled for as long as the event loop took to get
 * to the finished job, which on a busy machine is long (sign-ins fell to 0.86 of raw bcrypt).
 */
export const BCRYPT_SLOTS = Math.max(
  1,
  Math.min(availableParallelism() + 1, (Number(process.env.UV_THREADPOOL_SIZE) || DEFAULT_THREAD_POOL_SIZE) - 1),
);

const slots = pLimit(BCRYPT_SLOTS);

/**
 * Runs one bcrypt computation when a slot is free (queued in arrival order).
 * @example const same = await inBcryptSlot(() => bcrypt.compare(password, hash));
 */
export function inBcryptSlot<T>(work: () => Promise<T>): Promise<T> {
  return slots(work);
}
