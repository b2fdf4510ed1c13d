import type { StorageRoute } from "../context.ts";
import { copyObjectRoute } from "./copy-object.ts";
import { createBucketRoute } from "./create-bucket.ts";
import { createObjectRoute } from "./create-object.ts";
import { deleteBucketRoute } from "./delete-bucket.ts";
import { deleteObjectRoute } from "./delete-object.ts";
import { deleteObjectsRoute } from "./delete-objects.ts";
import { emptyBucketRoute } from "./empty-bucket.ts";
import { getAuthenticatedObjectRoute } from "./get-authenticated-object.ts";
import { getBucketRoute } from "./get-bucket.ts";
import { getAuthenticatedObjectInfoRoute, getObjectInfoRoute, getPublicObjectInfoRoute } from "./get-object-info.ts";
import { getObjectRoute } from "./get-object.ts";
import { getPublicObjectRoute } from "./get-public-object.ts";
import { listBucketsRoute } from "./list-buckets.ts";
import { listObjectsV2Route } from "./list-objects-v2.ts";
import { listObjectsRoute } from "./list-objects.ts";
import { moveObjectRoute } from "./move-object.ts";
import { purgeBucketCacheRoute, purgeObjectCacheRoute } from "./purge-cache.ts";
import { renderAuthenticatedImageRoute, renderPublicImageRoute } from "./render-image.ts";
import { renderSignedImageRoute } from "./render-signed-image.ts";
import { signObjectRoute } from "./sign-object.ts";
import { signObjectsRoute } from "./sign-objects.ts";
import { getSignedObjectRoute } from "./get-signed-object.ts";
import { signUploadRoute } from "./sign-upload.ts";
import { signedTusRoutes, tusRoutes } from "./tus-resumable.ts";
import { uploadSignedObjectRoute } from "./upload-signed-object.ts";
import { updateBucketRoute } from "./update-bucket.ts";
import { updateObjectRoute } from "./update-object.ts";

/**
 * Every REST route, in matching order (HEAD requests are dispatched to the GET routes by Hono): fixed words (`public`,
 * `sign`, `info`, `list`, …) are
 * registered before `/{bucket}/…` so they win, as upstream's router does.
 */
export const storageRoutes: readonly StorageRoute[] = [
  listBucketsRoute,
  getBucketRoute,
  createBucketRoute,
  updateBucketRoute,
  emptyBucketRoute,
  deleteBucketRoute,
  purgeBucketCacheRoute,
  purgeObjectCacheRoute,
  // fixed words under /object first
  moveObjectRoute,
  copyObjectRoute,
  listObjectsRoute,
  listObjectsV2Route,
  signObjectsRoute,
  signObjectRoute,
  getSignedObjectRoute,
  signUploadRoute,
  uploadSignedObjectRoute,
  getPublicObjectRoute,
  getAuthenticatedObjectRoute,
  getPublicObjectInfoRoute,
  getAuthenticatedObjectInfoRoute,
  getObjectInfoRoute,
  // then /object/{bucket}[/{path}]
  deleteObjectsRoute,
  deleteObjectRoute,
  createObjectRoute,
  updateObjectRoute,
  getObjectRoute,
  // TUS: the signed variant first, so `sign` is never taken for an upload id
  ...signedTusRoutes,
  ...tusRoutes,
];

/** Registered only with `[storage.image_transformation] enabled = true`; otherwise 404 as upstream. */
export const imageRoutes: readonly StorageRoute[] = [
  renderPublicImageRoute,
  renderAuthenticatedImageRoute,
  renderSignedImageRoute,
];
