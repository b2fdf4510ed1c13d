import { createContext, useContext } from "react";

/**
 * Whether the messages in force are the locale's whole catalog (`true`), or only those a
 * conversation's first screen shows while the rest loads (see `loadFirstScreenMessages`).
 */
export const CatalogCompleteContext = createContext(true);

/** Whether every message of the catalog is available (see `CatalogCompleteContext`). */
export function useCatalogComplete(): boolean {
  return useContext(CatalogCompleteContext);
}
