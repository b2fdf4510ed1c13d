import type { StorageRoute } from "../context.ts";
import { createBucketRoute } from "./create-bucket.ts";
import { deleteBucketRoute } from "./delete-bucket.ts";
import { emptyBucketRoute } from "./empty-bucket.ts";
import { getBucketRoute } from "./get-bucket.ts";
import { listBucketsRoute } from "./list-buckets.ts";
import { updateBucketRoute } from "./update-bucket.ts";

/**
 * Every REST route, in matching order: fixed words (`public`, `sign`, `info`, `list`, …) are
 * registered before `/{bucket}/…` so they win, as upstream's router does.
 */
export const storageRoutes: readonly StorageRoute[] = [
  listBucketsRoute,
  getBucketRoute,
  createBucketRoute,
  updateBucketRoute,
  emptyBucketRoute,
  deleteBucketRoute,
];
