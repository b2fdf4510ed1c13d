import { readRoute } from "./read-route.ts";

/** `GET|HEAD /object/authenticated/{bucket}/{path}`: JWT mandatory; private rows read as the caller. */
export const getAuthenticatedObjectRoute = readRoute(
  "/object/authenticated/:bucket/*",
  2,
  "authenticated",
  "storage.object.get_authenticated",
);
