import { readRoute } from "./read-route.ts";

/** `GET|HEAD /object/public/{bucket}/{path}` — getPublicUrl() targets: public buckets only, no token needed. */
export const getPublicObjectRoute = readRoute("/object/public/:bucket/*", 2, "public", "storage.object.get_public");
