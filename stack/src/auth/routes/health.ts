import { route } from "../http/route.ts";

/** The GoTrue version the stack's auth mirrors (reported by /health). */
export const GOTRUE_VERSION = "v2.180.0";

/** GET /health (auth: internal/api/api.go HealthCheck). */
export const healthRoute = route("get", "/health", async (c) =>
  c.json({
    version: GOTRUE_VERSION,
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  }),
);
