import { readRoute } from "./read-route.ts";

/**
 * `GET /object/{bucket}/{path}` — download(); as HEAD, exists(). Token optional: without one the
 * bucket must be public.
 */
export const getObjectRoute = readRoute("/object/:bucket/*", 1, "optional", "storage.object.get_authenticated");
