import { readRoute } from "./read-route.ts";

/** `GET /object/{bucket}/{path}` — download(): token optional; without one the bucket must be public. */
export const getObjectRoute = readRoute("GET", "/object/:bucket/*", 1, "optional", "storage.object.get_authenticated");

/** `HEAD /object/{bucket}/{path}` — exists(): the same rule, headers only. */
export const headObjectRoute = readRoute("HEAD", "/object/:bucket/*", 1, "optional", "storage.object.head_authenticated");
