import { createContext, useContext } from "react";
import type { BackendConfig } from "./backend-config";

export const BackendConfigContext = createContext<BackendConfig | null>(null);

/** The validated backend settings; only below the app's configuration gate. */
export function useBackendConfig(): BackendConfig {
  const config = useContext(BackendConfigContext);
  if (config === null) throw new Error("useBackendConfig() needs a configured app (BackendConfigContext)");
  return config;
}
