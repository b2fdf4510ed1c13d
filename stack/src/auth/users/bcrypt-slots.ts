import { availableParallelism } from "node:os";
import pLimit from "p-limit";

/** libuv's thread pool size unless `UV_THREADPOOL_SIZE` says otherwise. */
const DEFAULT_THREAD_POOL_SIZE = 4;

/**
 * How many bcrypt computations may run at once: one per core. Native bcrypt runs on libuv's
 * thread pool (four threads by default), which also carries file I/O and WebCrypto (every JWT the
 * gateway verifies and auth signs); on a two-core machine, four sign-ins at once would take every
 * thread for tens of milliseconds and stall those requests. One job per core still keeps every core
 * busy hashing, so sign-in throughput stays that of bcrypt on the machine; at least one thread
 * always stays free.
 */
export const BCRYPT_SLOTS = Math.max(
  1,
  Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || DEFAULT_THREAD_POOL_SIZE) - 1),
);

const slots = pLimit(BCRYPT_SLOTS);

/**
 * Runs one bcrypt computation when a slot is free (queued in arrival order).
 * @example const same = await inBcryptSlot(() => bcrypt.compare(password, hash));
 */
export function inBcryptSlot<T>(work: () => Promise<T>): Promise<T> {
  return slots(work);
}
