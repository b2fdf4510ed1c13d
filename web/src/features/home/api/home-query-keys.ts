/** Query keys for the home feature; build keys here, never as literal arrays elsewhere. */
export const homeQueryKeys = {
  all: ["home"] as const,
  backendHealth: (backendUrl: string) => [...homeQueryKeys.all, "backend-health", backendUrl] as const,
};
