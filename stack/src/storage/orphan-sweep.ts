import type { StorageContext } from "./context.ts";

/**
 * Removes files no row references: what a crash between "file renamed into place" and "row
 * committed" (or "row replaced" and "old file removed") leaves behind. Runs at start, before the
 * service takes requests, so no upload is in flight.
 */
export async function sweepOrphanFiles(ctx: StorageContext): Promise<number> {
  const onDisk = await ctx.files.listVersions();
  if (onDisk.length === 0) return 0;
  const referenced = new Set(
    (
      await ctx.db.admin.query<{ version: string }>("select version from storage.objects where version = any($1)", [
        onDisk,
      ])
    ).rows.map((r) => r.version),
  );
  const orphans = onDisk.filter((version) => !referenced.has(version));
  await ctx.files.remove(orphans);
  if (orphans.length > 0) ctx.logger.info({ files: orphans.length }, "removed storage files no object references");
  return orphans.length;
}
