import { useSyncExternalStore } from "react";

/** A value that comes from a chunk loaded on first demand, and is read synchronously once it has arrived. */
export interface LoadedOnce<T> {
  /** Starts the load once; later calls get the same promise, and a failed load is forgotten so the next call tries again. */
  load: () => Promise<T>;
  /** The value once loaded, `null` before; the component renders again when it arrives. */
  useLoaded: () => T | null;
}

/**
 * Wraps `load` (typically an `import()`) so that it runs once and its result can be read by
 * components without suspending.
 *
 * @example const parser = loadedOnce(() => import("./parse-message").then((module) => module.parseMessage));
 */
export function loadedOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = () => value;
  return {
    load: () => {
      loading ??= load().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    useLoaded: () => useSyncExternalStore(subscribe, current, current),
  };
}
