import { readRoute } from "./read-route.ts";

/** `GET /object/info/{bucket}/{path}` — info(): the row as JSON; token optional. */
export const getObjectInfoRoute = readRoute("/object/info/:bucket/*", 2, "optional", "storage.object.info", "info");

export const getPublicObjectInfoRoute = readRoute(
  "/object/info/public/:bucket/*",
  3,
  "public",
  "storage.object.info_public",
  "info",
);

export const getAuthenticatedObjectInfoRoute = readRoute(
  "/object/info/authenticated/:bucket/*",
  3,
  "authenticated",
  "storage.object.info_authenticated",
  "info",
);
