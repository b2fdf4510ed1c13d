import { Hono } from "hono";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { applyConfigBuckets } from "./config-buckets.ts";
import type { StorageContext } from "./context.ts";
import { errors, fromDataException, StorageError } from "./errors.ts";
import { FileStore } from "./file-store.ts";
import { sweepOrphanFiles } from "./orphan-sweep.ts";
import { imageRoutes, storageRoutes } from "./routes/index.ts";

/**
 * Builds `/storage/v1`: a Supabase Storage-compatible API over files in `<dataDir>/storage/` and
 * metadata in `storage.buckets`/`storage.objects`, where policies decide access.
 * @example const service = await createStorageService(deps);
 */
export async function createStorageService(deps: ServiceDeps): Promise<StackService> {
  const files = new FileStore(deps.dataDir);
  await files.prepare();
  const ctx: StorageContext = {
    db: deps.db,
    keys: deps.keys,
    files,
    logger: deps.logger.child({ service: "storage" }),
    globalFileSizeLimit: deps.config.storage.file_size_limit,
    imageTransformation: deps.config.storage.image_transformation?.enabled ?? false,
    apiUrl: () => deps.urls.api,
  };
  const app = new Hono<GatewayEnv>();
  for (const route of [...storageRoutes, ...(ctx.imageTransformation ? imageRoutes : [])]) {
    app.on(route.method, route.path, async (c) => {
      try {
        return await route.handler(c, ctx);
      } catch (error) {
        if (error instanceof StorageError) return error.toResponse();
        const fromInput = fromDataException(error);
        if (fromInput) return fromInput.toResponse();
        throw error;
      }
    });
  }
  app.all("*", (c) =>
    errors.routeNotFound(c.req.method, new URL(c.req.url).pathname.replace(/^\/storage\/v1/, "")).toResponse(),
  );
  await applyConfigBuckets(ctx, deps.config.storage.buckets);
  await sweepOrphanFiles(ctx);
  return {
    name: "storage",
    basePath: "/storage/v1",
    app,
    // Uploads stream to disk against the bucket's and the global file size limits (EntityTooLarge).
    ownsBodyLimit: true,
    afterDbReset: async () => {
      await applyConfigBuckets(ctx, deps.config.storage.buckets);
      await sweepOrphanFiles(ctx);
    },
  };
}
