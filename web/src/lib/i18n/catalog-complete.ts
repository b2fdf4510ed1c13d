import { createContext, useContext } from "react";
import type { FirstScreen } from "./first-screen-messages";

/**
 * Which first screen's part of the catalog is the only one in force while the rest loads (see
 * `loadFirstScreenMessages`), or `undefined` once the messages are the locale's whole catalog.
 */
export const CatalogPartContext = createContext<FirstScreen | undefined>(undefined);

/** The first screen whose part alone is in force, `undefined` when the whole catalog is (see `CatalogPartContext`). */
export function useCatalogPart(): FirstScreen | undefined {
  return useContext(CatalogPartContext);
}

/** Whether every message of the catalog is available (see `CatalogPartContext`). */
export function useCatalogComplete(): boolean {
  return useCatalogPart() === undefined;
}
