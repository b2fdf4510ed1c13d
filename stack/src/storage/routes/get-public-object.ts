import { readRoute } from "./read-route.ts";

/** `GET /object/public/{bucket}/{path}` — getPublicUrl() targets: public buckets only, no token needed. */
export const getPublicObjectRoute = readRoute("GET", "/object/public/:bucket/*", 2, "public", "storage.object.get_public");

export const headPublicObjectRoute = readRoute("HEAD", "/object/public/:bucket/*", 2, "public", "storage.object.head_public");
