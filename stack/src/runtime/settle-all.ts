/**
 * Waits for every promise to settle, then resolves with their values or rejects with the first
 * error. Unlike `Promise.all`, nothing is still running when it rejects: whatever the others started
 * is registered for stopping before the caller cleans up.
 * @example const [db, code] = await settleAll([startPostgres(), loadServiceCode()]);
 */
export async function settleAll<T extends readonly unknown[]>(
  promises: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
