import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

/** The one cache for server state; realtime events will write into it too. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000 } },
});

/** App-wide providers that do not depend on the route (the locale ones live in the locale layout). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
