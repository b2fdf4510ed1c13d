import { useQuery } from "@tanstack/react-query";
import type { BackendConfig } from "../../../lib/backend-config";
import { useBackendConfig } from "../../../lib/backend-config-context";
import { homeQueryKeys } from "./home-query-keys";

export type BackendHealth = {
  /** The auth service's HTTP status: 200 when it runs, 501 while Parley Stack has not built it. */
  status: number;
};

/**
 * Asks the gateway for the auth service's health. Any HTTP answer with a JSON body proves the
 * backend is there (the gateway answers JSON on every path, even for services it lacks); a
 * network failure or a non-JSON answer (something else on that port) means it is not.
 */
export async function getBackendHealth(config: BackendConfig, signal?: AbortSignal): Promise<BackendHealth> {
  const response = await fetch(`${config.url}/auth/v1/health`, {
    headers: { apikey: config.publishableKey, accept: "application/json" },
    signal,
  });
  await response.json();
  return { status: response.status };
}

/** How often the backend is asked again: often while it does not answer, rarely while it does. */
export const healthCheckIntervals = { unreachable: 3_000, connected: 60_000 };

/**
 * The backend's health as server state. While it does not answer it is asked again every few
 * seconds (and at once when the browser comes back online or the tab is focused), so the app
 * reconnects by itself.
 */
export function useBackendHealth() {
  const config = useBackendConfig();
  return useQuery({
    queryKey: homeQueryKeys.backendHealth(config.url),
    queryFn: ({ signal }) => getBackendHealth(config, signal),
    retry: false,
    refetchInterval: (query) =>
      query.state.status === "error" ? healthCheckIntervals.unreachable : healthCheckIntervals.connected,
    refetchIntervalInBackground: false,
    refetchOnReconnect: "always",
  });
}
