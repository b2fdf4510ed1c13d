import type { StackConfig } from "../config/index.ts";
import type { StorageContext } from "./context.ts";

type ConfigBuckets = StackConfig["storage"]["buckets"];

/**
 * `[storage.buckets.NAME]` as the CLI applies it: create or update each bucket (an unset `public`
 * leaves an existing bucket's flag alone, and creates it private).
 */
export async function applyConfigBuckets(ctx: StorageContext, buckets: ConfigBuckets): Promise<void> {
  for (const [name, bucket] of Object.entries(buckets)) {
    await ctx.db.admin.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, coalesce($2, false), $3, $4)
       on conflict (id) do update set
         public = coalesce($2, storage.buckets.public),
         file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types`,
      [name, bucket.public ?? null, bucket.file_size_limit || null, bucket.allowed_mime_types ?? null],
    );
  }
}
