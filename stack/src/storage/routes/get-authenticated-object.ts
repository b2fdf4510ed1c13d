import { readRoute } from "./read-route.ts";

/** `GET /object/authenticated/{bucket}/{path}`: JWT mandatory; private rows read as the caller. */
export const getAuthenticatedObjectRoute = readRoute(
  "GET",
  "/object/authenticated/:bucket/*",
  2,
  "authenticated",
  "storage.object.get_authenticated",
);

export const headAuthenticatedObjectRoute = readRoute(
  "HEAD",
  "/object/authenticated/:bucket/*",
  2,
  "authenticated",
  "storage.object.head_authenticated",
);
